//! Embeds the default knowledge graph (`kg/` at the workspace root) into the library, so the
//! binary decides with no configuration and no file reads.

#![allow(
    clippy::disallowed_methods,
    reason = "a build script has no fs_err; its panics name the path"
)]
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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
    let mut out = String::from("/// The default KG: (path relative to `kg/`, content).\n");
    out.push_str("pub(crate) static DEFAULT_KG: &[(&str, &str)] = &[\n");
    for path in &files {
        let rel = path.strip_prefix(&kg).unwrap_or(path);
        let abs = path.canonicalize().unwrap_or_else(|_| path.clone());
        let _ = writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            rel.display().to_string(),
            abs.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("default_kg.rs");
    if let Err(e) = std::fs::write(&dest, out) {
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
