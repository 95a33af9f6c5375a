//! The layering of ARCHITECTURE.md, checked from the code: which top-level module uses which
//! (read from `crate::` paths), with no cycle between them; the app's panels never reach into the
//! command line; the simulator never reads the wire through the client's models; and no source
//! file grows past 700 lines.
//!
//! `PAYDESK_MODULE_GRAPH=1 cargo test --test architecture -- --nocapture` prints the graph in
//! Graphviz's dot language (`| dot -Tsvg > modules.svg` draws it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LONGEST_FILE: usize = 700;

/// ARCHITECTURE.md's layers, from the bottom up, with the top-level modules of each.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "words and numbers",
        &[
            "i18n",
            "money",
            "clock",
            "secrets",
            "validate",
            "places",
            "follow",
            "untrusted",
            "owner_only",
        ],
    ),
    ("the DIAN's rules", &["dian"]),
    ("the voice", &["speech"]),
    ("the simulator", &["simulator"]),
    ("the service", &["api"]),
    ("settings", &["config", "connection"]),
    ("what a person typed", &["requests"]),
    ("records", &["ledger", "backup"]),
    (
        "a payment's life and the money rules",
        &["collections", "payouts", "cash", "tabs", "sales"],
    ),
    ("notifications", &["webhook"]),
    ("a profile's checkup", &["checkup"]),
    ("paper", &["printing"]),
    ("keeping itself current", &["update"]),
    ("front ends", &["cli", "ui"]),
];

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

/// `src/ui/panels/collect.rs` belongs to `ui`; `src/money.rs` to `money`.
fn top_module(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    Path::new(first)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// The top-level modules a file names through `crate::`, including inside `use crate::{a, b}`.
fn used_modules(text: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    let ident = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    // `crate::t!` is the i18n module's macro.
    let ident = |rest: &str| -> String {
        let name = ident(rest);
        if name == "t" { "i18n".to_owned() } else { name }
    };
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() {
                    used.insert(name);
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                used.insert(name);
            }
        }
    }
    used
}

struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
    files: Vec<(PathBuf, String)>,
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut read = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let module = top_module(&src, &file);
        // The binary's entry and the crate root name every module by design; `bin` holds the
        // Windows console companion, a program of its own that uses only the standard library.
        if module != "main" && module != "lib" && module != "bin" {
            let used = used_modules(&text);
            let entry = edges.entry(module.clone()).or_default();
            entry.extend(used.into_iter().filter(|used| *used != module));
        }
        read.push((file, text));
    }
    Graph { edges, files: read }
}

/// A cycle through the top-level modules, if there is one.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

#[test]
fn the_modules_use_each_other_one_way() {
    let graph = graph();
    if std::env::var_os("PAYDESK_MODULE_GRAPH").is_some() {
        println!("digraph paydesk {{");
        for (from, to) in &graph.edges {
            for to in to {
                println!("  {from} -> {to};");
            }
        }
        println!("}}");
    }
    assert_eq!(find_cycle(&graph.edges), None, "{:#?}", graph.edges);
    // Every module sits in a layer of ARCHITECTURE.md and uses only its own layer and those
    // below it: a new module must be placed before this passes.
    let layer_of = |module: &str| {
        LAYERS
            .iter()
            .position(|(_, modules)| modules.contains(&module))
            .unwrap_or_else(|| panic!("{module} is in no layer of ARCHITECTURE.md"))
    };
    for (module, used) in &graph.edges {
        let at = layer_of(module);
        for used in used {
            let below = layer_of(used);
            assert!(
                below <= at,
                "{module} ({}) uses {used} ({}), a layer above it",
                LAYERS[at].0,
                LAYERS[below].0
            );
        }
    }
    // Nothing but the two front ends uses them.
    for (module, used) in &graph.edges {
        if module != "ui" && module != "cli" {
            assert!(
                !used.contains("ui") && !used.contains("cli"),
                "{module} uses a front end: {used:?}"
            );
        }
    }
    assert!(
        !graph.edges["ui"].contains("cli"),
        "the app never reaches into the command line"
    );
}

#[test]
fn the_simulator_reads_the_wire_on_its_own_terms() {
    // A misreading of the spec shared by the client and the simulator would pass every test:
    // the simulator never uses the client's models, the ledger or the receiver.
    let graph = graph();
    let used = &graph.edges["simulator"];
    for forbidden in ["api", "ledger", "webhook", "ui", "cli", "payouts"] {
        assert!(!used.contains(forbidden), "the simulator uses {forbidden}");
    }
}

#[test]
fn no_source_file_is_longer_than_700_lines() {
    let graph = graph();
    let long: Vec<(String, usize)> = graph
        .files
        .iter()
        .map(|(path, text)| (path.display().to_string(), text.lines().count()))
        .filter(|(_, lines)| *lines > LONGEST_FILE)
        .collect();
    assert!(long.is_empty(), "split these by responsibility: {long:?}");
}

#[test]
fn the_reader_of_crate_paths_reads_groups() {
    let used =
        used_modules("use crate::{api::Client, money::Pesos};\nlet x = crate::ledger::now_ms();");
    assert_eq!(
        used.into_iter().collect::<Vec<_>>(),
        ["api", "ledger", "money"]
    );
}

/// Every path a file names through `crate::`, `super::` or `self::`, made absolute (`crate::a::b`
/// as `["a", "b"]`), read from the parsed source: `use` trees expanded, inline modules followed,
/// test modules left out, nothing read from comments.
mod paths {
    use syn::visit::Visit;

    struct Named {
        module: Vec<String>,
        found: Vec<Vec<String>>,
    }

    fn is_test_only(attrs: &[syn::Attribute]) -> bool {
        attrs.iter().any(|attr| {
            attr.path().is_ident("cfg")
                && attr
                    .parse_args::<syn::Meta>()
                    .is_ok_and(|meta| meta.path().is_ident("test"))
        })
    }

    impl Named {
        /// `segments` as an absolute path, if it starts at the crate, `super` or `self`.
        fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
            let mut base = self.module.clone();
            let mut rest = segments;
            match rest.first().map(String::as_str) {
                Some("crate") => {
                    base.clear();
                    rest = &rest[1..];
                }
                Some("super") | Some("self") => {
                    while let Some(first) = rest.first() {
                        match first.as_str() {
                            "super" => {
                                base.pop();
                            }
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                }
                _ => return None,
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }

        fn note(&mut self, segments: Vec<String>) {
            if let Some(path) = self.absolute(&segments) {
                self.found.push(path);
            }
        }

        fn use_tree(&mut self, prefix: Vec<String>, tree: &syn::UseTree) {
            match tree {
                syn::UseTree::Path(path) => {
                    let mut next = prefix;
                    next.push(path.ident.to_string());
                    self.use_tree(next, &path.tree);
                }
                syn::UseTree::Name(name) => {
                    let mut next = prefix;
                    if name.ident != "self" {
                        next.push(name.ident.to_string());
                    }
                    self.note(next);
                }
                syn::UseTree::Rename(rename) => {
                    let mut next = prefix;
                    next.push(rename.ident.to_string());
                    self.note(next);
                }
                syn::UseTree::Glob(_) => self.note(prefix),
                syn::UseTree::Group(group) => {
                    for item in &group.items {
                        self.use_tree(prefix.clone(), item);
                    }
                }
            }
        }
    }

    impl<'ast> Visit<'ast> for Named {
        fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
            if is_test_only(&module.attrs) || module.content.is_none() {
                return;
            }
            self.module.push(module.ident.to_string());
            syn::visit::visit_item_mod(self, module);
            self.module.pop();
        }

        fn visit_item_fn(&mut self, function: &'ast syn::ItemFn) {
            if !is_test_only(&function.attrs) {
                syn::visit::visit_item_fn(self, function);
            }
        }

        fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
            self.use_tree(Vec::new(), &item.tree);
        }

        fn visit_path(&mut self, path: &'ast syn::Path) {
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.note(segments);
            syn::visit::visit_path(self, path);
        }
    }

    /// The module path of a file: `src/ui/panels/mod.rs` is `["ui", "panels"]`.
    pub fn module_of(relative: &std::path::Path) -> Vec<String> {
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let file = parts.pop().unwrap_or_default();
        let stem = file.trim_end_matches(".rs");
        if stem != "mod" && stem != "lib" && stem != "main" {
            parts.push(stem.to_owned());
        }
        parts
    }

    /// The names a folder's `mod.rs` brings in with `use` (re-exported or not, its files may
    /// name them through it), each with the absolute path it stands for: a name passed through
    /// is an arrow to where it is defined, not to the entry.
    pub fn passed_through(
        module: Vec<String>,
        text: &str,
    ) -> std::collections::BTreeMap<String, Vec<String>> {
        let file = syn::parse_file(text).expect("the source parses");
        let mut through = std::collections::BTreeMap::new();
        for item in &file.items {
            if let syn::Item::Use(item) = item {
                let mut named = Named {
                    module: module.clone(),
                    found: Vec::new(),
                };
                named.use_tree(Vec::new(), &item.tree);
                for path in named.found {
                    if let Some(last) = path.last() {
                        through.insert(last.clone(), path.clone());
                    }
                }
                // A relative `use child::Name` names a child of this folder.
                collect_relative(&module, Vec::new(), &item.tree, &mut through);
            }
        }
        through
    }

    fn collect_relative(
        module: &[String],
        prefix: Vec<String>,
        tree: &syn::UseTree,
        through: &mut std::collections::BTreeMap<String, Vec<String>>,
    ) {
        match tree {
            syn::UseTree::Path(path) => {
                let first = path.ident.to_string();
                if prefix.is_empty() && matches!(first.as_str(), "crate" | "super" | "self") {
                    return;
                }
                let mut next = prefix;
                next.push(first);
                collect_relative(module, next, &path.tree, through);
            }
            syn::UseTree::Name(name) if !prefix.is_empty() => {
                let mut path = module.to_vec();
                path.extend(prefix);
                path.push(name.ident.to_string());
                through.insert(name.ident.to_string(), path);
            }
            syn::UseTree::Rename(rename) if !prefix.is_empty() => {
                let mut path = module.to_vec();
                path.extend(prefix);
                path.push(rename.ident.to_string());
                through.insert(rename.rename.to_string(), path);
            }
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    collect_relative(module, prefix.clone(), item, through);
                }
            }
            _ => {}
        }
    }

    pub fn named(module: Vec<String>, text: &str) -> Vec<Vec<String>> {
        let file = syn::parse_file(text).expect("the source parses");
        let mut named = Named {
            module,
            found: Vec::new(),
        };
        named.visit_file(&file);
        named.found
    }
}

/// Inside every folder of `src`, its files and subfolders use each other one way (no cycle), and
/// none reaches back up into the folder's own `mod.rs`: the entry declares and re-exports, the
/// base and the vocabulary live in files of their own that the others name.
#[test]
fn inside_every_folder_the_files_use_each_other_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    // Each file: its module path, and what it names.
    let read: Vec<(Vec<String>, Vec<Vec<String>>)> = files
        .iter()
        .filter(|file| !file.starts_with(src.join("bin")))
        .map(|file| {
            let module = paths::module_of(file.strip_prefix(&src).unwrap());
            let text = std::fs::read_to_string(file).unwrap();
            let named = paths::named(module.clone(), &text);
            (module, named)
        })
        .collect();
    let folders: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|file| file.file_name().is_some_and(|name| name == "mod.rs"))
        .map(|file| paths::module_of(file.strip_prefix(&src).unwrap()))
        .collect();
    let entries: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = files
        .iter()
        .filter(|file| file.file_name().is_some_and(|name| name == "mod.rs"))
        .map(|file| {
            let module = paths::module_of(file.strip_prefix(&src).unwrap());
            let text = std::fs::read_to_string(file).unwrap();
            (module.clone(), paths::passed_through(module, &text))
        })
        .collect();
    let mut problems = Vec::new();
    for folder in &folders {
        let through = &entries[folder];
        // The folder's children: the modules one level below it.
        let children: BTreeSet<String> = read
            .iter()
            .filter(|(module, _)| module.len() > folder.len() && module.starts_with(folder))
            .map(|(module, _)| module[folder.len()].clone())
            .collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, named) in &read {
            if module.len() <= folder.len() || !module.starts_with(folder) {
                continue;
            }
            let child = &module[folder.len()];
            for path in named {
                if path.len() <= folder.len() || !path.starts_with(folder) {
                    continue;
                }
                // A name the entry only passes through stands for where it is defined.
                let path = match through.get(&path[folder.len()]) {
                    Some(defined) if !children.contains(&path[folder.len()]) => {
                        let mut resolved = defined.clone();
                        resolved.extend(path[folder.len() + 1..].iter().cloned());
                        resolved
                    }
                    _ => path.clone(),
                };
                if path.len() <= folder.len() || !path.starts_with(folder) {
                    continue;
                }
                let target = &path[folder.len()];
                if target == child {
                    continue;
                }
                if children.contains(target) {
                    edges
                        .entry(child.clone())
                        .or_default()
                        .insert(target.clone());
                } else {
                    problems.push(format!(
                        "{} reaches up into {}/mod.rs for {}",
                        module.join("::"),
                        folder.join("/"),
                        path.join("::")
                    ));
                }
            }
        }
        if let Some(cycle) = find_cycle(&edges) {
            problems.push(format!(
                "a cycle inside {}/: {}",
                folder.join("/"),
                cycle.join(" -> ")
            ));
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A new panel is its own file, a line in `ui/panels/mod.rs` and its entry in
/// `ui/navigation.rs`; the app's core does not change. `ui/app.rs` may name the home panel it
/// opens on and the panels' container, never a panel of its own accord: news reaches panels
/// through `PanelState::hear`, and what they want done comes back as actions.
#[test]
fn the_apps_core_names_no_panel_but_the_home_one() {
    let app = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/app.rs"))
        .unwrap();
    let code: String = app
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut named = BTreeSet::new();
    for (at, _) in code.match_indices("Panel::") {
        let before = &code[..at];
        // `Panel::` inside `CentralPanel::` (egui's) is not ours.
        if before.ends_with("Central") || before.ends_with("Side") || before.ends_with("Top") {
            continue;
        }
        let name: String = code[at + "Panel::".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        named.insert(name);
    }
    assert!(
        named.iter().all(|name| name == "Collect"),
        "ui/app.rs names panels of its own: {named:?}; a panel decides from PanelState::hear"
    );
    for panel_module in [
        "accounts",
        "activity",
        "balance",
        "collect",
        "payouts",
        "reconcile",
        "register",
        "settings",
        "status",
    ] {
        assert!(
            !code.contains(&format!("panels::{panel_module}")),
            "ui/app.rs reaches into panels::{panel_module}"
        );
    }
}

/// The service's operations that create a payment, by the `Client` methods that send them.
const CREATE_OPERATIONS: &[&str] = &[
    "create_payment_link",
    "create_method_payment",
    "generate_resource",
];

/// The create operations a parsed file calls (`client.create_payment_link(..)`, a path to one,
/// or inside a macro's tokens), test modules included.
#[derive(Default)]
struct CreateCalls(BTreeSet<String>);

impl<'ast> syn::visit::Visit<'ast> for CreateCalls {
    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.note(&call.method);
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        if let Some(last) = path.path.segments.last() {
            self.note(&last.ident);
        }
        syn::visit::visit_expr_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let tokens = mac.tokens.to_string();
        for operation in CREATE_OPERATIONS {
            let called = tokens
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == *operation);
            if called {
                self.0.insert((*operation).to_owned());
            }
        }
        syn::visit::visit_macro(self, mac);
    }
}

impl CreateCalls {
    fn note(&mut self, name: &syn::Ident) {
        if CREATE_OPERATIONS.iter().any(|operation| name == operation) {
            self.0.insert(name.to_string());
        }
    }
}

/// A sale is made by one sequence in the domain (`collections::make_charge`), as a payout is by
/// `payouts`: the app and the command line ask it, and no front end creates a payment at the
/// service itself (which would leave the books and the reference to it).
#[test]
fn only_the_domain_creates_a_payment_at_the_service() {
    use syn::visit::Visit;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph();
    let mut callers = BTreeMap::new();
    for (path, text) in &graph.files {
        let relative = path.strip_prefix(&src).unwrap();
        // The client defines them; the simulator answers them on its own terms.
        if relative.starts_with("api") || relative.starts_with("simulator") {
            continue;
        }
        let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut calls = CreateCalls::default();
        calls.visit_file(&file);
        if !calls.0.is_empty() {
            callers.insert(relative.to_path_buf(), calls.0);
        }
    }
    let outside: Vec<_> = callers
        .iter()
        .filter(|(file, _)| !file.starts_with("collections"))
        .collect();
    assert!(
        outside.is_empty(),
        "only collections creates a payment at the service (make_charge); these call it \
         themselves: {outside:?}"
    );
    let made = callers.values().flatten().collect::<BTreeSet<_>>();
    assert_eq!(
        made.len(),
        CREATE_OPERATIONS.len(),
        "collections makes every kind of sale: {callers:?}"
    );
}
