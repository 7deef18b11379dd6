//! Criterion benches: the costs a hook process pays on every command.
//!
//! - `classify/*`: deciding one command with the default KG, already built.
//! - `build/default_kg`: parsing the embedded KG and building the automata (per process).
//! - `build/synthetic_10k`: building a KG of 10,000 patterns.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use terraphim_guard::{Entry, Guard, Kg, Tier};

const COMMANDS: &[(&str, &str)] = &[
    ("git_status", "git status"),
    // About 100 bytes, compound, wrapped: the shape agents send.
    (
        "compound_100b",
        "cd /work/project && FOO=1 timeout 60 cargo test -p terraphim_guard --release -- --nocapture | tail -n 20",
    ),
    (
        "nested_bash_c",
        "sudo env X=1 bash -c 'git status && rm -rf /tmp/build; echo \"done\" | tee log.txt'",
    ),
    ("destructive", "rm -rf --no-preserve-root /"),
];

fn classify(c: &mut Criterion) {
    let guard = Guard::builder()
        .with_default_kg()
        .build()
        .expect("default KG builds");
    let mut group = c.benchmark_group("classify");
    for (name, cmd) in COMMANDS {
        group.bench_function(*name, |b| b.iter(|| guard.check(black_box(cmd))));
    }
    group.finish();
}

fn synthetic_kg(n: usize) -> Kg {
    let mut kg = Kg::new();
    let tiers = [Tier::Destructive, Tier::Suspicious, Tier::Safe];
    for chunk in 0..n / 100 {
        let tier = tiers[chunk % 3];
        let synonyms: Vec<String> = (0..100)
            .map(|i| format!("tool{chunk} sub{i} --flag{} target{}/*", i % 7, i % 13))
            .collect();
        let text = format!("synonyms:: {}\nreason:: synthetic\n", synonyms.join(", "));
        let path = std::path::PathBuf::from(format!("kg/{}/c{chunk}.md", tier.dir_name()));
        kg.push(Entry::parse(&path, tier, &text).expect("synthetic entry parses"));
    }
    kg
}

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.bench_function("default_kg", |b| {
        b.iter(|| Guard::builder().with_default_kg().build().expect("builds"))
    });
    let kg = synthetic_kg(10_000);
    group.sample_size(20);
    group.bench_function("synthetic_10k", |b| {
        b.iter(|| Guard::new(black_box(&kg)).expect("builds"))
    });
    group.finish();
}

criterion_group!(benches, classify, build);
criterion_main!(benches);
