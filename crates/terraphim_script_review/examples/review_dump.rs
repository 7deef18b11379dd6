//! Print the `--json` report of every file named on standard input (one path a line), whole and
//! cut at a third and at two thirds (broken code), in a fixed context: two builds' outputs compare
//! byte for byte, to show a change of the analyzer's speed changed no verdict or finding.
//!
//! usage: review_dump < LIST > OUT   (a line `LANG PATH` names the language of a file whose
//! extension does not; `scripts/review-identical` runs it over the usual inputs)

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use terraphim_script_review::{Config, Context, Language, review_source};

fn language(name: &str) -> Option<Language> {
    match name {
        "python" => Some(Language::Python),
        "shell" => Some(Language::Shell),
        "javascript" => Some(Language::JavaScript),
        "typescript" => Some(Language::TypeScript),
        _ => None,
    }
}

fn main() -> ExitCode {
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let config = Config::default();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else {
            eprintln!("error: standard input is not text");
            return ExitCode::from(1);
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (lang, path) = match line
            .split_once(' ')
            .and_then(|(l, p)| Some((language(l)?, p)))
        {
            Some((lang, path)) => (Some(lang), path),
            None => (Language::from_extension(Path::new(line)), line),
        };
        let Some(lang) = lang else {
            eprintln!("error: {path}: no language known for this file");
            return ExitCode::from(1);
        };
        let text = match fs_err::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        };
        for (what, cut) in [
            ("whole", text.len()),
            ("third", text.len() / 3),
            ("two-thirds", text.len() * 2 / 3),
        ] {
            let cut = (cut..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            let report = review_source(&text[..cut], lang, &ctx, &config);
            let json = match serde_json::to_string(&report) {
                Ok(j) => j,
                Err(e) => {
                    eprintln!("error: {path}: {e}");
                    return ExitCode::from(1);
                }
            };
            if writeln!(out, "{path} {what} {json}").is_err() {
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}
