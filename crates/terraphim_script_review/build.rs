//! The review's cache keys carry a hash of the sources its verdicts come from: this crate's
//! `src/`, the shared shell vocabulary, and the command guard that judges a shell script's
//! lines (its crates and the embedded KG), so a verdict cached by another build of the same
//! version is never reused: a hand-kept rules revision was forgotten more than once.

#![allow(
    clippy::disallowed_methods,
    reason = "a build script has no fs_err; an unreadable file hashes as empty"
)]

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let roots = [
        manifest.join("src"),
        manifest.join("../terraphim_shell_vocab/src"),
        manifest.join("../terraphim_guard/src"),
        manifest.join("../terraphim_guard_kg/src"),
        manifest.join("../../kg"),
    ];
    let mut h = Sha256::new();
    for root in &roots {
        println!("cargo::rerun-if-changed={}", root.display());
        let mut all = Vec::new();
        files(root, &mut all);
        all.sort();
        for f in all {
            let rel = f.strip_prefix(root).unwrap_or(&f);
            h.update(rel.to_string_lossy().as_bytes());
            h.update([0]);
            h.update(fs::read(&f).unwrap_or_default());
            h.update([0]);
        }
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo::rustc-env=TERRAPHIM_REVIEW_SOURCES_HASH={hex}");
}
