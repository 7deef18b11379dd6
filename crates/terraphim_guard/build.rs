//! Embeds the default knowledge graph (`kg/` at the workspace root) into the library, so the
//! binary decides with no configuration and no file reads, and compiles its patterns here, once,
//! so that a hook process does not re-parse and re-canonicalise ~600 patterns on every command.
//!
//! The parser and compiler are `terraphim_guard_kg`'s, the crate the library uses at run time,
//! so a pattern compiled here is exactly what `Pattern::compile` makes at run time; a unit test
//! checks the two agree for every embedded synonym.
//!
//! What this writes holds no pointers (texts are spans of string constants, lists are spans of
//! static arrays of plain records): a pointer in a static is a relocation that the dynamic loader
//! applies, on a page it copies, in every process that starts.
//!
//! Each tier's prefix and substring Aho-Corasick automata are built here too and written as
//! bytes (`{TIER}_prefixes.dac`, `{TIER}_contains.dac`) that the library embeds with
//! `include_bytes!` and loads at run time, so no process builds an automaton for the default KG.

#![allow(
    clippy::disallowed_methods,
    reason = "a build script has no fs_err; its panics name the path"
)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use terraphim_guard_kg::pattern::{self, Pattern, Span, TierTables};
use terraphim_guard_kg::{EMBEDDED_ROOT, Entry, Tier};

#[path = "src/path_lists.rs"]
mod path_lists;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let kg = manifest.join("../../kg");
    println!("cargo::rerun-if-changed={}", kg.display());
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
    let mut sources = Pool::default();
    let mut spans = Vec::new();
    let mut entries = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&kg).unwrap_or(path);
        let rel = rel.display().to_string();
        let content = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("failed to read {}: {e}", path.display()));
        spans.push((sources.append(&rel), sources.append(&content)));
        // The same source path and parse as `Kg::from_embedded`.
        let source = Path::new(EMBEDDED_ROOT).join(&rel);
        let Some(tier) = terraphim_guard_kg::tier_of(&source) else {
            panic!("{}: not under a guard tier directory", path.display());
        };
        match Entry::parse(&source, tier, &content) {
            Ok(entry) => entries.push(entry),
            Err(e) => panic!("invalid default KG entry: {e}"),
        }
    }
    write(&out_dir().join("default_kg.txt"), &sources.text);
    let mut out = String::from(
        "/// Every markdown file of the default KG, one after the other.\n\
         const DEFAULT_KG_TEXT: &str = include_str!(concat!(env!(\"OUT_DIR\"), \"/default_kg.txt\"));\n",
    );
    array(
        &mut out,
        "/// (path relative to `kg/`, content) of each file, in `DEFAULT_KG_TEXT`.",
        "DEFAULT_KG_FILES",
        "(Span, Span)",
        &spans,
        |(path, content)| format!("({}, {})", span(*path), span(*content)),
    );
    write(&out_dir().join("default_kg.rs"), &out);
    write(&out_dir().join("compiled_kg.rs"), &compiled(&entries));
    write(
        &out_dir().join("profile_ranks.rs"),
        &profile_ranks(&kg.join("profiles")),
    );
    write(
        &out_dir().join("path_items.rs"),
        &path_items(&kg.join("paths/path-classes.md")),
    );
}

/// `DEFAULT_ITEMS`: (list, start, end) of every item of the path class lists in `file`, the
/// file `paths.rs` embeds as `DEFAULT_TEXT`, read by the library's own `path_lists`.
fn path_items(file: &Path) -> String {
    println!("cargo::rerun-if-changed={}", file.display());
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("failed to read {}: {e}", file.display()));
    let base = text.as_ptr() as usize;
    let items: Vec<(usize, usize, usize)> = path_lists::list_items(&text)
        .map(|(list, item)| {
            let start = item.as_ptr() as usize - base;
            (list, start, start + item.len())
        })
        .collect();
    let mut out = String::new();
    array(
        &mut out,
        "/// (list in `path_lists::LISTS`, start, end in `DEFAULT_TEXT`) of every item of the\n\
         /// embedded path class lists, in order.",
        "DEFAULT_ITEMS",
        "(u8, usize, usize)",
        &items,
        |(list, start, end)| format!("({list}, {start}, {end})"),
    );
    out
}

/// `fn embedded_ranks()`: the `strictness` (default 1) and whether `max_processes = 1` of
/// every sandbox profile in `dir`, by file stem, the data the guard ranks profiles by.
fn profile_ranks(dir: &Path) -> String {
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("failed to list {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut rows = Vec::new();
    for path in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("failed to read {}: {e}", path.display()));
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("invalid profile {}: {e}", path.display()));
        let int = |key: &str| table.get(key).and_then(toml::Value::as_integer);
        let strictness = u8::try_from(int("strictness").unwrap_or(1))
            .unwrap_or_else(|_| panic!("{}: `strictness` is not 0..=255", path.display()));
        let Some(max_processes) = int("max_processes") else {
            panic!("{}: no `max_processes`", path.display());
        };
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        rows.push(format!(
            "        ({name:?}, ProfileRank {{ strictness: {strictness}, single_program: {} }}),",
            max_processes == 1
        ));
    }
    format!(
        "/// The rank of every embedded sandbox profile (`kg/profiles/*.toml`), by name.\n\
         fn embedded_ranks() -> [(&'static str, ProfileRank); {}] {{\n    [\n{}\n    ]\n}}\n",
        rows.len(),
        rows.join("\n")
    )
}

/// A string pool: each distinct string once.
#[derive(Default)]
struct Pool {
    text: String,
    index: std::collections::HashMap<String, Span>,
}

impl Pool {
    /// `s` at the end of the pool.
    fn append(&mut self, s: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(s);
        Span::new(index(start), index(self.text.len()))
    }

    /// `s` in the pool, added once.
    fn add(&mut self, s: &str) -> Span {
        if let Some(span) = self.index.get(s) {
            return *span;
        }
        let span = self.append(s);
        self.index.insert(s.to_string(), span);
        span
    }
}

fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or_else(|_| panic!("the default KG is larger than 4 GiB"))
}

/// The active, effective (last of its tier and concept) entries, and for each tier the pools
/// of its `TierTables`, as Rust statics without pointers. Replace entries are left out: the
/// replace stage reads the markdown.
fn compiled(entries: &[Entry]) -> String {
    let active: Vec<&Entry> = terraphim_guard_kg::effective(entries)
        .into_iter()
        .filter(|e| e.is_active() && e.tier != Tier::Replace)
        .collect();
    let mut pool = Pool::default();
    let records: Vec<String> = active
        .iter()
        .map(|e| {
            let mut opt = |o: &Option<String>| {
                o.as_deref().map_or_else(
                    || "None".to_string(),
                    |s| format!("Some({})", span(pool.add(s))),
                )
            };
            let (reason, profile) = (opt(&e.reason), opt(&e.profile));
            format!(
                "EmbeddedEntry {{ tier: Tier::{:?}, concept: {}, reason: {reason}, \
                 profile: {profile}, remote_effect: {}, source: {} }}",
                e.tier,
                span(pool.add(&e.concept)),
                e.remote_effect,
                span(pool.add(&e.source.display().to_string())),
            )
        })
        .collect();
    let mut out = format!(
        "/// The texts of `COMPILED_KG`.\nconst ENTRY_TEXT: &str = {:?};\n",
        pool.text
    );
    array(
        &mut out,
        "/// The default KG's active entries, compiled by `build.rs`.",
        "COMPILED_KG",
        "EmbeddedEntry",
        &records,
        String::clone,
    );
    for (name, tier) in [
        ("DESTRUCTIVE", Tier::Destructive),
        ("SUSPICIOUS", Tier::Suspicious),
        ("SAFE", Tier::Safe),
    ] {
        let mut patterns = Vec::new();
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
                patterns.push((index(idx), syn.text.as_str(), pattern));
            }
        }
        emit_tables(&mut out, name, tier, &TierTables::compile(&patterns));
    }
    out
}

/// The pools of `t` as statics `{name}_*`, and `fn {name:lowercase}() -> TierTables`.
fn emit_tables(out: &mut String, name: &str, tier: Tier, t: &TierTables) {
    let _ = writeln!(
        out,
        "/// The text pool of the default KG's {tier} tier.\nconst {name}_TEXT: &str = {:?};",
        t.text
    );
    let doc = format!("/// A pool of the default KG's {tier} tier.");
    array(
        out,
        &doc,
        &format!("{name}_PATTERNS"),
        "PatternRec",
        &t.patterns,
        |p| {
            format!(
                "PatternRec {{ entry: {}, synonym: {}, stages: {} }}",
                p.entry,
                span(p.synonym),
                span(p.stages)
            )
        },
    );
    array(
        out,
        &doc,
        &format!("{name}_STAGES"),
        "StageRec",
        &t.stages,
        |s| {
            format!(
                "StageRec {{ pattern: {}, stage: {}, name: {}, head: {}, flags: {}, targets: {} }}",
                s.pattern,
                s.stage,
                s.name
                    .as_ref()
                    .map_or_else(|| "None".to_string(), |n| format!("Some({})", term(n))),
                span(s.head),
                span(s.flags),
                span(s.targets)
            )
        },
    );
    array(out, &doc, &format!("{name}_TERMS"), "Term", &t.terms, term);
    array(
        out,
        &doc,
        &format!("{name}_TARGETS"),
        "TargetRec",
        &t.targets,
        |r| {
            format!(
                "TargetRec {{ kind: TargetKind::{:?}, text: {}, atoms: {} }}",
                r.kind,
                span(r.text),
                span(r.atoms)
            )
        },
    );
    array(
        out,
        &doc,
        &format!("{name}_IDS"),
        "u32",
        &t.ids,
        u32::to_string,
    );
    for (pool, list) in [("BY_NAME", &t.by_name), ("ANY_BY_ATOM", &t.any_by_atom)] {
        array(
            out,
            &doc,
            &format!("{name}_{pool}"),
            "(u32, Span)",
            list,
            |(a, s)| format!("({a}, {})", span(*s)),
        );
    }
    array(
        out,
        &doc,
        &format!("{name}_CLASS_HEADS"),
        "Span",
        &t.class_heads,
        |s| span(*s),
    );
    array(out, &doc, &format!("{name}_WORDS"), "Term", &t.words, term);
    array(
        out,
        &doc,
        &format!("{name}_PREFIXES"),
        "Term",
        &t.prefixes,
        term,
    );
    array(
        out,
        &doc,
        &format!("{name}_CONTAINS"),
        "Term",
        &t.contains,
        term,
    );
    let _ = writeln!(
        out,
        "/// The default KG's {tier} tier, borrowing its pools.\n\
         fn {}() -> TierTables {{\n    TierTables {{\n        \
         text: Cow::Borrowed({name}_TEXT),\n        \
         patterns: Cow::Borrowed(&{name}_PATTERNS),\n        \
         stages: Cow::Borrowed(&{name}_STAGES),\n        \
         terms: Cow::Borrowed(&{name}_TERMS),\n        \
         targets: Cow::Borrowed(&{name}_TARGETS),\n        \
         ids: Cow::Borrowed(&{name}_IDS),\n        \
         by_name: Cow::Borrowed(&{name}_BY_NAME),\n        \
         any_by_atom: Cow::Borrowed(&{name}_ANY_BY_ATOM),\n        \
         any_always: {},\n        \
         words: Cow::Borrowed(&{name}_WORDS),\n        \
         prefixes: Cow::Borrowed(&{name}_PREFIXES),\n        \
         contains: Cow::Borrowed(&{name}_CONTAINS),\n        \
         atom_count: {},\n        \
         prefix_automaton: Cow::Borrowed(include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}_prefixes.dac\"))),\n        \
         contains_automaton: Cow::Borrowed(include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}_contains.dac\"))),\n        \
         class_heads: Cow::Borrowed(&{name}_CLASS_HEADS),\n        \
         class_any: {},\n    }}\n}}",
        name.to_lowercase(),
        span(t.any_always),
        t.atom_count,
        t.class_any,
    );
    // The automata, serialized by the KG crate: loaded (copied) at run time, never built.
    for (kind, bytes) in [
        ("prefixes", &t.prefix_automaton),
        ("contains", &t.contains_automaton),
    ] {
        let dest = out_dir().join(format!("{name}_{kind}.dac"));
        std::fs::write(&dest, bytes.as_ref())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
    }
}

/// `static {name}: [{ty}; N] = [...];`, one item a line.
fn array<T>(
    out: &mut String,
    doc: &str,
    name: &str,
    ty: &str,
    items: &[T],
    emit: impl Fn(&T) -> String,
) {
    let _ = writeln!(out, "{doc}\nstatic {name}: [{ty}; {}] = [", items.len());
    for item in items {
        let _ = writeln!(out, "    {},", emit(item));
    }
    out.push_str("];\n");
}

fn span(s: Span) -> String {
    format!("Span::new({}, {})", s.start, s.end)
}

fn term(t: &pattern::Term) -> String {
    format!("Term {{ text: {}, atom: {} }}", span(t.text), t.atom)
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
