//! Latency of `node -e 'console.log(1)'` through the secure-exec bridge against plain node.
//!
//! `TERRAPHIM_GUARD_JS_DIR=DIR cargo run -p terraphim_sandbox --example js_latency -- [RUNS]`

use std::process::Command;
use std::time::Instant;

use terraphim_sandbox::{JsDeps, JsProfile, JsRequest, JsSource, SecureExec};

fn median(mut v: Vec<u128>) -> u128 {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let backend = SecureExec::new(JsDeps::locate()?)?;
    let cwd = std::env::current_dir()?;
    let profile = JsProfile::new(vec![cwd.clone()]);
    let request = JsRequest::new(JsSource::Code("console.log(1)".into()), &cwd);
    let mut bridge = Vec::new();
    let mut plain = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let report = backend.run(&request, &profile)?;
        bridge.push(t.elapsed().as_millis());
        assert_eq!(report.stdout, "1\n", "{report:?}");
        let t = Instant::now();
        let out = Command::new("node")
            .args(["-e", "console.log(1)"])
            .output()?;
        plain.push(t.elapsed().as_millis());
        assert_eq!(out.stdout, b"1\n");
    }
    println!(
        "bridge: first {} ms, median {} ms, min {} ms",
        bridge[0],
        median(bridge.clone()),
        bridge.iter().min().unwrap_or(&0)
    );
    println!(
        "plain node: first {} ms, median {} ms, min {} ms",
        plain[0],
        median(plain.clone()),
        plain.iter().min().unwrap_or(&0)
    );
    Ok(())
}
