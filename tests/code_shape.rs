//! Functions a newcomer can read: none in `src` over 100 lines, the tests inside `src` included,
//! and fewer than 25 over 80. Measured from the parsed source, from `fn` to its closing brace
//! (comments and blank lines inside count; doc comments above do not).
//!
//! `cargo test --test code_shape -- --nocapture` prints the figures and the longest functions.

use std::path::{Path, PathBuf};

use syn::visit::Visit;

const LONGEST: usize = 100;
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

impl<'ast> Visit<'ast> for Lengths<'_> {
    fn visit_item_fn(&mut self, function: &'ast syn::ItemFn) {
        self.measure(&function.sig.ident, &function.sig, &function.block);
        syn::visit::visit_item_fn(self, function);
    }

    fn visit_impl_item_fn(&mut self, function: &'ast syn::ImplItemFn) {
        self.measure(&function.sig.ident, &function.sig, &function.block);
        syn::visit::visit_impl_item_fn(self, function);
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
    println!(
        "{} functions; {} over {LONG} lines; longest: {} lines",
        functions.len(),
        long.len(),
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
    let over: Vec<String> = functions
        .iter()
        .filter(|f| f.lines > LONGEST)
        .map(|f| format!("{} {} ({})", f.file.display(), f.name, f.lines))
        .collect();
    assert_eq!(over, Vec::<String>::new());
    assert!(
        long.len() < FEWER_LONG_THAN,
        "{} functions over {LONG} lines (fewer than {FEWER_LONG_THAN} wanted)",
        long.len()
    );
}
