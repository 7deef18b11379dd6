//! `guard kg check` and `guard kg import`.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Subcommand;
use terraphim_guard::{Guard, Kg, Tier, check_examples, cross_tier_duplicates};

use crate::exit_code;

#[derive(Debug, Subcommand)]
pub(crate) enum KgCommand {
    /// Validate KG entries: every file parses, every pattern compiles, every `example::` is
    /// decided by its own entry and tier, no `not_example::` matches, no pattern sits in two tiers.
    Check {
        /// A KG directory (holding guard-* tier dirs, or one tier dir). Without it: the embedded
        /// default KG together with the user's KG.
        dir: Option<PathBuf>,
        /// Check DIR together with the embedded default KG.
        #[arg(long, requires = "dir")]
        with_default: bool,
    },
    /// Convert upstream terraphim JSON guard thesauri into KG markdown files.
    Import {
        /// `guard_destructive.json`, `guard_allowlist.json`, `guard_suspicious.json`, ...
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The tier, when the file name does not say it.
        #[arg(long, value_parser = ["destructive", "suspicious", "safe"])]
        tier: Option<String>,
        /// Directory to write `guard-<tier>/<concept>.md` into.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Replace files that already exist.
        #[arg(long)]
        force: bool,
    },
}

pub(crate) fn run(cmd: KgCommand) -> anyhow::Result<u8> {
    match cmd {
        KgCommand::Check { dir, with_default } => check(dir.as_deref(), with_default),
        KgCommand::Import {
            files,
            tier,
            out,
            force,
        } => import(&files, tier.as_deref(), &out, force),
    }
}

fn check(dir: Option<&Path>, with_default: bool) -> anyhow::Result<u8> {
    let mut kg = Kg::new();
    let mut problems: Vec<String> = Vec::new();
    match dir {
        Some(d) => {
            if with_default {
                kg = terraphim_guard::embedded_kg()?;
            }
            problems.extend(kg.add_dir_collecting(d).into_iter().map(|e| e.to_string()));
        }
        None => {
            kg = terraphim_guard::embedded_kg()?;
            if let Some(user) = crate::paths::user_kg_dir().filter(|u| u.exists()) {
                problems.extend(
                    kg.add_dir_collecting(&user)
                        .into_iter()
                        .map(|e| e.to_string()),
                );
            }
        }
    }
    // Compile each entry alone first so one bad pattern does not hide the others.
    let mut good = Kg::new();
    for e in kg.entries() {
        let mut single = Kg::new();
        single.push(e.clone());
        match Guard::new(&single) {
            Ok(_) => good.push(e.clone()),
            Err(err) => problems.push(err.to_string()),
        }
    }
    let guard = Guard::new(&good)?;
    for e in good.entries() {
        for (line, msg) in check_examples(&guard, e) {
            problems.push(format!("{}:{line}: {msg}", e.source.display()));
        }
    }
    for (syn, places) in cross_tier_duplicates(&good) {
        let at: Vec<String> = places
            .iter()
            .map(|(t, p, l)| format!("{}:{l} ({t})", p.display()))
            .collect();
        problems.push(format!(
            "pattern `{syn}` is in more than one tier: {}",
            at.join(", ")
        ));
    }
    let count = |t: Tier| kg.entries().iter().filter(|e| e.tier == t).count();
    let mut out = std::io::stdout().lock();
    for p in &problems {
        writeln!(out, "{p}")?;
    }
    writeln!(
        out,
        "{} entries ({} destructive, {} suspicious, {} safe, {} replace), {} problem{}",
        kg.len(),
        count(Tier::Destructive),
        count(Tier::Suspicious),
        count(Tier::Safe),
        count(Tier::Replace),
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    )?;
    Ok(if problems.is_empty() {
        exit_code::SUCCESS
    } else {
        exit_code::KG_INVALID
    })
}

fn tier_of_file(path: &Path, given: Option<&str>) -> anyhow::Result<Tier> {
    if let Some(given) = given {
        // clap allows only the three active tiers' names.
        return Tier::from_name(given).ok_or_else(|| anyhow::anyhow!("unknown tier `{given}`"));
    }
    // Upstream thesaurus files name their tier (`guard_destructive_thesaurus.json`).
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if name.contains("destructive") {
        Ok(Tier::Destructive)
    } else if name.contains("allow") || name.contains("safe") {
        Ok(Tier::Safe)
    } else if name.contains("suspicious") {
        Ok(Tier::Suspicious)
    } else {
        anyhow::bail!(
            "cannot tell the tier of {} from its name; pass --tier",
            path.display()
        )
    }
}

fn import(
    files: &[PathBuf],
    tier: Option<&str>,
    out_dir: &Path,
    force: bool,
) -> anyhow::Result<u8> {
    let mut written = 0;
    let mut warnings = 0;
    for file in files {
        let tier = tier_of_file(file, tier)?;
        let text = fs_err::read_to_string(file)?;
        let conv = crate::upstream_json::convert(&text, tier)
            .with_context(|| format!("failed to read the thesaurus {}", file.display()))?;
        let dir = out_dir.join(tier.dir_name());
        fs_err::create_dir_all(&dir)?;
        for w in &conv.warnings {
            eprintln!("warning: {}: {w}", file.display());
            warnings += 1;
        }
        for c in conv.entries {
            let path = dir.join(format!("{}.md", c.concept));
            if path.exists() && !force {
                eprintln!(
                    "warning: {} exists; not replaced (use --force)",
                    path.display()
                );
                warnings += 1;
                continue;
            }
            fs_err::write(&path, c.markdown)?;
            println!("wrote {}", path.display());
            written += 1;
        }
    }
    println!("{written} entries written, {warnings} warnings");
    println!(
        "hint: validate them with `terraphim-agent guard kg check {}`",
        out_dir.display()
    );
    Ok(exit_code::SUCCESS)
}
