//! How long one review takes: a 500-line script per language (target <= 5 ms), built from the
//! fixture corpus so it exercises every rule, plus the hook's planning of a command.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use terraphim_script_review::{Config, Context, Language, review_source};

/// Concatenate whole fixtures of one language (clean ones first) up to `lines` lines.
fn script_of(lang_dir: &str, lines: usize) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(lang_dir);
    let mut files: Vec<_> = fs_err::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    // Whole fixtures only, as many as fit: a script cut inside a statement has a
    // syntax error, which a review of a long script pays for with a second, whole parse.
    let texts: Vec<String> = files
        .iter()
        .map(|f| {
            let text = fs_err::read_to_string(f).unwrap();
            text.lines()
                .filter(|l| !l.starts_with("#!"))
                .map(|l| format!("{l}\n"))
                .collect()
        })
        .collect();
    let mut out = String::new();
    let mut count = 0;
    loop {
        let before = count;
        for text in &texts {
            let n = text.lines().count();
            if count + n <= lines {
                out.push_str(text);
                count += n;
            }
        }
        if count == before {
            break;
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let config = Config::default();
    for (name, dir, lang) in [
        ("python_500_lines", "python", Language::Python),
        ("shell_500_lines", "shell", Language::Shell),
        ("javascript_500_lines", "javascript", Language::JavaScript),
        ("typescript_500_lines", "typescript", Language::TypeScript),
    ] {
        let script = script_of(dir, 500);
        c.bench_function(name, |b| {
            b.iter(|| review_source(black_box(&script), lang, &ctx, &config))
        });
        // The tree-sitter parse alone, to see how much of a review is parsing.
        let grammar: tree_sitter::Language = match lang {
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Shell => tree_sitter_bash::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        };
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar).unwrap();
        println!("{name}: {} bytes", script.len());
        c.bench_function(&format!("{name}_parse_only"), |b| {
            b.iter(|| parser.parse(black_box(&script), None))
        });
    }
    let small = "import json\nwith open('data.json', 'w') as f:\n    json.dump({'a': 1}, f)\n";
    c.bench_function("python_3_lines", |b| {
        b.iter(|| review_source(black_box(small), Language::Python, &ctx, &config))
    });
}

/// How long a second-opinion reviewer that never answers holds a review up: the configured
/// timeout (300 ms here), then the process group is killed.
fn slow_second_opinion(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let reviewer_script = tmp.path().join("slow");
    fs_err::write(&reviewer_script, "#!/bin/sh\nsleep 5\n").unwrap();
    let config = Config {
        llm_timeout: std::time::Duration::from_millis(300),
        ..Config::default()
    };
    let reviewer = terraphim_script_review::Reviewer::new(config)
        .with_llm_command(Some(format!("sh {}", reviewer_script.display())));
    let ctx = Context::for_cwd(tmp.path());
    let clean = "import json\nprint(json.dumps({'a': 1}))\n";
    let mut group = c.benchmark_group("second_opinion");
    group.sample_size(10);
    group.bench_function("never_answers_300ms_timeout", |b| {
        b.iter(|| reviewer.review_text(black_box(clean), Language::Python, &ctx))
    });
    group.finish();
}

criterion_group!(benches, bench, slow_second_opinion);
criterion_main!(benches);
