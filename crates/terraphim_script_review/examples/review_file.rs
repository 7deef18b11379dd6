//! Review one file N times in-process and print the verdict: for counting a review's instructions
//! under `valgrind --tool=callgrind` (run with N=1 and N=11; the difference over 10 is one review,
//! without process start).
//!
//! usage: review_file python|shell|javascript|typescript FILE [N]

use std::process::ExitCode;

use terraphim_script_review::{Config, Context, Language, Verdict, review_source};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(lang), Some(file)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: review_file python|shell|javascript|typescript FILE [N]");
        return ExitCode::from(2);
    };
    let lang = match lang.as_str() {
        "python" => Language::Python,
        "shell" => Language::Shell,
        "javascript" => Language::JavaScript,
        "typescript" => Language::TypeScript,
        other => {
            eprintln!("unknown language {other}");
            return ExitCode::from(2);
        }
    };
    let times: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let code = match fs_err::read_to_string(file) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let config = Config::default();
    let mut verdict = Verdict::Clean;
    for _ in 0..times {
        verdict = review_source(std::hint::black_box(&code), lang, &ctx, &config).verdict;
    }
    println!("{verdict}");
    ExitCode::SUCCESS
}
