//! Functions a newcomer can read: none in `src/ui` over 100 lines, none in `src` over 150, and
//! fewer than 25 over 80. Measured from the parsed source, from `fn` to its closing brace
//! (comments and blank lines inside count; doc comments above do not), test modules left out.
//!
//! `cargo test --test code_shape -- --nocapture` prints the figures and the longest functions.

use std::path::{Path, PathBuf};

use syn::visit::Visit;

const LONGEST_IN_UI: usize = 100;
const LONGEST_ANYWHERE: usize = 150;
const LONG: usize = 80;
const FEWER_LONG_THAN: usize = 25;

struct Function {
    file: PathBuf,
    name: String,
    lines: usize,
}

struct Lengths<'a> {
    file: &'a Path,
    found: Vec<Function>,
}

impl Lengths<'_> {
    fn measure(&mut self, name: &syn::Ident, sig: &syn::Signature, block: &syn::Block) {
        let first = sig.fn_token.span.start().line;
        let last = block.brace_token.span.close().end().line;
        self.found.push(Function {
            file: self.file.to_owned(),
            name: name.to_string(),
            lines: last + 1 - first,
        });
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

impl<'ast> Visit<'ast> for Lengths<'_> {
    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if !is_test_only(&module.attrs) {
            syn::visit::visit_item_mod(self, module);
        }
    }

    fn visit_item_fn(&mut self, function: &'ast syn::ItemFn) {
        if !is_test_only(&function.attrs) {
            self.measure(&function.sig.ident, &function.sig, &function.block);
            syn::visit::visit_item_fn(self, function);
        }
    }

    fn visit_impl_item_fn(&mut self, function: &'ast syn::ImplItemFn) {
        if !is_test_only(&function.attrs) {
            self.measure(&function.sig.ident, &function.sig, &function.block);
            syn::visit::visit_impl_item_fn(self, function);
        }
    }

    fn visit_trait_item_fn(&mut self, function: &'ast syn::TraitItemFn) {
        if let Some(block) = &function.default {
            self.measure(&function.sig.ident, &function.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, function);
    }
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

fn every_function() -> Vec<Function> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let relative = file.strip_prefix(root).unwrap();
        let mut lengths = Lengths {
            file: relative,
            found: Vec::new(),
        };
        lengths.visit_file(&parsed);
        found.extend(lengths.found);
    }
    found.sort_by_key(|f| std::cmp::Reverse(f.lines));
    found
}

#[test]
fn functions_stay_short_enough_to_read() {
    let functions = every_function();
    let long: Vec<&Function> = functions.iter().filter(|f| f.lines > LONG).collect();
    let in_ui = |f: &&Function| f.file.starts_with("src/ui");
    println!(
        "{} functions; {} over {LONG} lines; longest in src/ui: {} lines; longest anywhere: {} lines",
        functions.len(),
        long.len(),
        functions.iter().find(in_ui).map_or(0, |f| f.lines),
        functions.first().map_or(0, |f| f.lines),
    );
    for function in &long {
        println!(
            "{:4}  {}  {}",
            function.lines,
            function.file.display(),
            function.name
        );
    }
    let over = |limit: usize, which: &dyn Fn(&&Function) -> bool| -> Vec<String> {
        functions
            .iter()
            .filter(|f| f.lines > limit && which(f))
            .map(|f| format!("{} {} ({})", f.file.display(), f.name, f.lines))
            .collect()
    };
    assert_eq!(over(LONGEST_IN_UI, &in_ui), Vec::<String>::new());
    assert_eq!(over(LONGEST_ANYWHERE, &|_| true), Vec::<String>::new());
    assert!(
        long.len() < FEWER_LONG_THAN,
        "{} functions over {LONG} lines (fewer than {FEWER_LONG_THAN} wanted)",
        long.len()
    );
}
