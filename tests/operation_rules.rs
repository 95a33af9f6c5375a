//! Every operation of the service has its rules decided by the compiler: `src/api/operation.rs`
//! (and the deadlines in `src/api/deadlines.rs`) decide by `match`es with no catch-all and no
//! `matches!`, so a new operation does not build until each rule is decided for it. And every
//! operation with its decisions, listed where a reviewer sees them change.

use std::path::Path;

use paydesk::api::{Family, Operation};
use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The files where a catch-all would let a new operation through undecided.
const DECIDING: [&str; 2] = ["src/api/operation.rs", "src/api/deadlines.rs"];

/// The catch-alls of a `match` arm: `_`, and a bare binding (`other =>`), which matches as much.
struct CatchAlls {
    found: Vec<String>,
}

impl<'ast> Visit<'ast> for CatchAlls {
    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        self.pattern(&arm.pat, arm.fat_arrow_token.spans[0].start().line);
        syn::visit::visit_arm(self, arm);
    }
}

impl CatchAlls {
    fn pattern(&mut self, pattern: &syn::Pat, line: usize) {
        match pattern {
            syn::Pat::Wild(_) => self.found.push(format!("line {line}: a `_` arm")),
            syn::Pat::Ident(binding) => match &binding.subpat {
                Some((_, inner)) => self.pattern(inner, line),
                None => self
                    .found
                    .push(format!("line {line}: `{}` matches anything", binding.ident)),
            },
            syn::Pat::Or(alternatives) => {
                for case in &alternatives.cases {
                    self.pattern(case, line);
                }
            }
            syn::Pat::Paren(inner) => self.pattern(&inner.pat, line),
            _ => {}
        }
    }
}

/// Every `matches!` in the tokens, macros' insides included (syn leaves those unparsed).
fn uses_of_matches(tokens: TokenStream, found: &mut Vec<String>) {
    let mut previous_was_matches = None;
    for token in tokens {
        match &token {
            TokenTree::Punct(punct) if punct.as_char() == '!' => {
                if let Some(line) = previous_was_matches.take() {
                    found.push(format!("line {line}: `matches!`"));
                }
            }
            TokenTree::Group(group) => uses_of_matches(group.stream(), found),
            _ => {}
        }
        previous_was_matches = match &token {
            TokenTree::Ident(ident) if ident == "matches" => Some(ident.span().start().line),
            _ => None,
        };
    }
}

/// What in `text` decides without deciding for every case.
fn undecided(text: &str) -> Vec<String> {
    let file = syn::parse_file(text).expect("the source parses");
    let mut catch_alls = CatchAlls { found: Vec::new() };
    catch_alls.visit_file(&file);
    let mut found = catch_alls.found;
    let tokens: TokenStream = text.parse().expect("the source is Rust tokens");
    uses_of_matches(tokens, &mut found);
    found
}

#[test]
fn every_rule_of_an_operation_is_an_exhaustive_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for file in DECIDING {
        let text = std::fs::read_to_string(root.join(file)).expect("the file is there");
        problems.extend(
            undecided(&text)
                .into_iter()
                .map(|problem| format!("{file}, {problem}")),
        );
    }
    assert!(
        problems.is_empty(),
        "a new operation would build without these being decided for it; name every case:\n{}",
        problems.join("\n")
    );
}

/// The guard itself finds what it looks for, so its silence above means something.
#[test]
fn the_guard_sees_a_catch_all_and_matches() {
    let text = r#"
        fn family(operation: Operation) -> Family {
            match operation {
                Operation::Register | Operation::ListMethods => Family::A,
                _ => Family::B,
            }
        }
        fn changes_state(operation: Operation) -> bool {
            !matches!(operation, Operation::Balance)
        }
        fn path(operation: Operation) -> &'static str {
            match operation {
                Operation::Register => "/auth/register",
                other => other.fallback(),
            }
        }
        fn said(operation: Operation) -> bool {
            assert!(matches!(operation, Operation::SignIn));
            true
        }
    "#;
    let found = undecided(text);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(found.iter().any(|problem| problem.contains("`_` arm")));
    assert!(found.iter().any(|problem| problem.contains("`other`")));
    assert_eq!(
        found
            .iter()
            .filter(|problem| problem.contains("`matches!`"))
            .count(),
        2
    );
}

/// `Operation::ALL` names every variant, once, in the order the enum declares them.
#[test]
fn the_list_of_operations_has_every_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("src/api/operation.rs")).expect("the file");
    let file = syn::parse_file(&text).expect("the source parses");
    let declared: Vec<String> = file
        .items
        .iter()
        .find_map(|item| match item {
            syn::Item::Enum(declared) if declared.ident == "Operation" => Some(declared),
            _ => None,
        })
        .expect("`enum Operation` is declared there")
        .variants
        .iter()
        .map(|variant| variant.ident.to_string())
        .collect();
    let listed: Vec<String> = Operation::ALL
        .iter()
        .map(|operation| format!("{operation:?}"))
        .collect();
    assert_eq!(listed, declared);
}

fn yes(decided: bool) -> &'static str {
    if decided { "yes" } else { "-" }
}

/// Every operation with what was decided for it. A change here is a change of what the client
/// does on the wire: the diff of this table is what a reviewer reads.
#[test]
fn every_operation_with_its_decisions() {
    const DECIDED: &str = "\
operation            family  changes state  moves money  token+metadata  secret answer  kind
Register             A       yes            -            -               yes            Account
ListMethods          A       -              -            -               -              Read
GenerateResource     A       yes            yes          -               -              Create
Checkout             A       yes            yes          -               -              Create
RequestOtp           A       yes            -            -               -              Account
AddAccount           A       yes            -            -               -              Account
DeleteAccount        A       yes            -            -               -              Account
CreatePaymentLink    B       yes            yes          yes             -              Create
CreateMethodPayment  B       yes            yes          yes             -              Create
PaymentStatus        B       -              -            -               -              Status
PaymentFeatures      B       -              -            -               -              Read
InstantBanks         B       -              -            -               -              Read
Withdraw             B       yes            yes          yes             -              Payout
Balance              B       -              -            -               -              Read
SimulateNotification B       yes            -            -               -              Create
TransactionToken     B       -              -            -               yes            Read
SignIn               B       -              -            -               yes            Account
";
    let mut table = format!(
        "{:<20} {:<7} {:<14} {:<12} {:<15} {:<14} {}\n",
        "operation",
        "family",
        "changes state",
        "moves money",
        "token+metadata",
        "secret answer",
        "kind"
    );
    for operation in Operation::ALL {
        let rules = operation.rules();
        let family = match rules.family {
            Family::A => "A",
            Family::B => "B",
        };
        table.push_str(&format!(
            "{:<20} {:<7} {:<14} {:<12} {:<15} {:<14} {:?}\n",
            format!("{operation:?}"),
            family,
            yes(operation.changes_state()),
            yes(operation.moves_money()),
            yes(operation.moves_money_on_the_pay_api()),
            yes(rules.answer_holds_a_secret),
            rules.kind,
        ));
    }
    println!("{table}");
    assert_eq!(table, DECIDED, "\ndecided now:\n{table}");
}

/// What the decisions mean together: money moved is never a read that could be repeated
/// blindly, and an answer holding a credential is never a payment's.
#[test]
fn the_decisions_agree_with_each_other() {
    for operation in Operation::ALL {
        if operation.moves_money() {
            assert!(operation.changes_state(), "{operation:?} moves money");
            assert!(!operation.answer_holds_a_secret(), "{operation:?}");
        }
        assert!(operation.path().starts_with('/'), "{operation:?}");
        assert!(!operation.describe().is_empty(), "{operation:?}");
    }
}
