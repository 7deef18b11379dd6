//! Embeds the default knowledge graph (`kg/` at the workspace root) into the library, so the
//! binary decides with no configuration and no file reads, and compiles its patterns here, once,
//! so that a hook process does not re-parse and re-canonicalise ~600 patterns on every command.
//!
//! The compiler is the library's own code (`kg.rs`, `canon.rs`, `pattern.rs`, included below),
//! so a pattern compiled here is exactly what `Pattern::compile` makes at run time; a unit test
//! checks the two agree for every embedded synonym.

#![allow(
    clippy::disallowed_methods,
    reason = "a build script has no fs_err; its panics name the path"
)]
#![allow(
    dead_code,
    unreachable_pub,
    reason = "the included library modules are only partly used here"
)]

#[path = "src/canon.rs"]
mod canon;
#[path = "src/error.rs"]
mod error;
#[path = "src/kg.rs"]
mod kg;
#[path = "src/pattern.rs"]
mod pattern;
/// `kg.rs` refers to the embedded table, which this script is about to write.
mod embedded {
    pub(crate) static DEFAULT_KG: &[(&str, &str)] = &[];
}

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kg::{Entry, Tier};
use pattern::{Pattern, Stage, Target, Text, TierTables};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let kg = manifest.join("../../kg");
    println!("cargo::rerun-if-changed={}", kg.display());
    for src in ["canon.rs", "error.rs", "kg.rs", "pattern.rs"] {
        println!("cargo::rerun-if-changed=src/{src}");
    }
    let mut files = Vec::new();
    for tier in [
        "guard-destructive",
        "guard-suspicious",
        "guard-safe",
        "guard-replace",
    ] {
        let dir = kg.join(tier);
        println!("cargo::rerun-if-changed={}", dir.display());
        collect(&dir, &mut files);
    }
    files.sort();
    let mut sources = String::from("/// The default KG: (path relative to `kg/`, content).\n");
    sources.push_str("pub(crate) static DEFAULT_KG: &[(&str, &str)] = &[\n");
    let mut entries = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&kg).unwrap_or(path);
        let rel = rel.display().to_string();
        let abs = path.canonicalize().unwrap_or_else(|_| path.clone());
        let _ = writeln!(
            sources,
            "    ({rel:?}, include_str!({:?})),",
            abs.display().to_string()
        );
        // The same source path and parse as `Kg::embedded`.
        let source = Path::new("<embedded>").join(&rel);
        let Some(tier) = kg::tier_of(&source) else {
            panic!("{}: not under a guard tier directory", path.display());
        };
        let content = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("failed to read {}: {e}", path.display()));
        match Entry::parse(&source, tier, &content) {
            Ok(entry) => entries.push(entry),
            Err(e) => panic!("invalid default KG entry: {e}"),
        }
    }
    sources.push_str("];\n");
    write(&out_dir().join("default_kg.rs"), &sources);
    write(&out_dir().join("compiled_kg.rs"), &compiled(&entries));
}

/// The active, effective (last of its tier and concept) entries, and for each tier the matcher
/// tables of their patterns, as Rust statics. Replace entries are left out: the replace stage
/// reads `DEFAULT_KG`.
fn compiled(entries: &[Entry]) -> String {
    let active: Vec<&Entry> = kg::effective(entries)
        .into_iter()
        .filter(|e| e.is_active() && e.tier != Tier::Replace)
        .collect();
    let mut out = String::from(
        "/// The default KG's active entries, compiled by `build.rs`.\n\
         pub(crate) static COMPILED_KG: &[EmbeddedEntry] = &[\n",
    );
    for e in &active {
        let _ = writeln!(
            out,
            "    EmbeddedEntry {{ tier: Tier::{:?}, concept: {:?}, reason: {:?}, profile: {:?}, \
             source: {:?} }},",
            e.tier,
            e.concept,
            e.reason,
            e.profile,
            e.source.display().to_string()
        );
    }
    out.push_str("];\n");
    for (name, tier) in [
        ("DESTRUCTIVE", Tier::Destructive),
        ("SUSPICIOUS", Tier::Suspicious),
        ("SAFE", Tier::Safe),
    ] {
        let mut patterns = Vec::new();
        let mut origin = Vec::new();
        for (idx, e) in active.iter().enumerate().filter(|(_, e)| e.tier == tier) {
            for syn in &e.synonyms {
                let pattern = Pattern::compile(&syn.text).unwrap_or_else(|message| {
                    panic!(
                        "invalid default KG entry: {}:{}: pattern `{}`: {message}",
                        e.source.display(),
                        syn.line,
                        syn.text
                    )
                });
                patterns.push(pattern);
                origin.push(format!("({idx}, Cow::Borrowed({:?}))", syn.text));
            }
        }
        let tables = TierTables::compile(patterns);
        let _ = writeln!(
            out,
            "/// The default KG's {tier} tier, compiled by `build.rs`.\n\
             pub(crate) static {name}: EmbeddedTier = EmbeddedTier {{ origin: &[{}], tables: {} }};",
            origin.join(", "),
            emit_tables(&tables)
        );
    }
    out
}

fn emit_tables(t: &TierTables) -> String {
    let atoms = |a: &[u32]| format!("Cow::Borrowed(&{a:?})");
    let atom_texts =
        |l: &[(Text, u32)]| emit_list(l, |(text, atom)| format!("({}, {atom})", emit_text(text)));
    format!(
        "TierTables {{ patterns: {}, stages: {}, by_name: {}, any_name: {}, words: {}, \
         prefixes: {}, contains: {}, atom_count: {} }}",
        emit_list(&t.patterns, emit_pattern),
        emit_list(&t.stages, |s| format!(
            "StageAtoms {{ pattern: {}, stage: {}, name: {:?}, head: {}, flags: {}, targets: {} }}",
            s.pattern,
            s.stage,
            s.name,
            atoms(&s.head),
            atoms(&s.flags),
            emit_list(&s.targets, |alts| atoms(alts)),
        )),
        emit_list(&t.by_name, |(atom, stages)| format!(
            "({atom}, {})",
            atoms(stages)
        )),
        atoms(&t.any_name),
        atom_texts(&t.words),
        atom_texts(&t.prefixes),
        atom_texts(&t.contains),
        t.atom_count,
    )
}

fn emit_text(s: &str) -> String {
    format!("Cow::Borrowed({s:?})")
}

fn emit_list<T>(items: &[T], emit: impl Fn(&T) -> String) -> String {
    let inner: Vec<String> = items.iter().map(emit).collect();
    format!("Cow::Borrowed(&[{}])", inner.join(", "))
}

fn emit_target(t: &Target) -> String {
    match t {
        Target::Exact(s) => format!("Target::Exact({})", emit_text(s)),
        Target::Prefix(s) => format!("Target::Prefix({})", emit_text(s)),
        Target::Contains(s) => format!("Target::Contains({})", emit_text(s)),
        Target::Subtree(s) => format!("Target::Subtree({})", emit_text(s)),
        Target::Any => "Target::Any".to_string(),
    }
}

fn emit_stage(s: &Stage) -> String {
    format!(
        "Stage {{ name: {}, head: {}, flags: {}, targets: {} }}",
        s.name
            .as_ref()
            .map_or_else(|| "None".to_string(), |n| format!("Some({})", emit_text(n))),
        emit_list(&s.head, |h| emit_text(h)),
        emit_list(&s.flags, |f| emit_text(f)),
        emit_list(&s.targets, emit_target),
    )
}

fn emit_pattern(p: &Pattern) -> String {
    format!("Pattern {{ stages: {} }}", emit_list(&p.stages, emit_stage))
}

fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default())
}

fn write(dest: &Path, content: &str) {
    if let Err(e) = std::fs::write(dest, content) {
        panic!("failed to write {}: {e}", dest.display());
    }
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        println!("cargo::rerun-if-changed={}", path.display());
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
}
