//! The optional second opinion: an external command reads a shipped prompt plus the script on
//! stdin and answers with a JSON verdict. The stricter verdict wins; a timeout, a failure or an
//! answer that is not a verdict leaves the static verdict alone, with a note.

use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::model::{Category, Finding, Language, Report, Verdict};

/// The prompt given to the reviewer command, before the static findings and the script.
pub const PROMPT: &str = include_str!("prompt.md");

/// Largest answer read from the reviewer.
const MAX_ANSWER: u64 = 64 * 1024;

/// What the external reviewer said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecondOpinion {
    /// The reviewer's verdict, if it gave a valid one.
    pub verdict: Option<Verdict>,
    /// The reviewer's reason, or why its answer was not used.
    pub reason: String,
}

#[derive(Deserialize)]
struct Answer {
    verdict: String,
    #[serde(default)]
    reason: String,
}

/// The text piped to the reviewer: the prompt, the static findings, the script.
pub fn reviewer_input(script: &str, language: Language, report: &Report) -> String {
    let mut input = String::with_capacity(PROMPT.len() + script.len() + 512);
    input.push_str(PROMPT);
    input.push_str(&format!(
        "\nLanguage: {language}\nStatic verdict: {}\nStatic findings:\n",
        report.verdict
    ));
    if report.findings.is_empty() {
        input.push_str("- none\n");
    }
    for f in &report.findings {
        input.push_str(&format!(
            "- line {}: {} ({}): {}\n",
            f.line, f.category, f.severity, f.why
        ));
    }
    input.push_str("\n--- SCRIPT START ---\n");
    input.push_str(script);
    if !script.ends_with('\n') {
        input.push('\n');
    }
    input.push_str("--- SCRIPT END ---\n");
    input
}

/// Run `command` (through `sh -c`) as the second-opinion reviewer.
pub fn ask(
    command: &str,
    script: &str,
    language: Language,
    report: &Report,
    timeout: Duration,
) -> SecondOpinion {
    let failed = |why: String| SecondOpinion {
        verdict: None,
        reason: why,
    };
    use std::os::unix::process::CommandExt as _;
    // Its own process group, so a timeout ends the reviewer and everything it started.
    let mut child = match Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return failed(format!("failed to start the reviewer: {e}")),
    };
    let input = reviewer_input(script, language, report);
    let stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(mut s) = stdin {
            // The reviewer may answer without reading everything; a broken pipe is fine.
            let _ = s.write_all(input.as_bytes());
        }
    });
    let stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(s) = stdout {
            let _ = s.take(MAX_ANSWER).read_to_end(&mut out);
        }
        out
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= timeout => {
                kill_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let _ = writer.join();
    let Some(status) = status else {
        return failed(format!(
            "the reviewer did not answer within {} ms",
            timeout.as_millis()
        ));
    };
    let out = reader.join().unwrap_or_default();
    if !status.success() {
        return failed(format!("the reviewer failed ({status})"));
    }
    parse_answer(&String::from_utf8_lossy(&out)).unwrap_or_else(failed)
}

fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill(2) with a negative pid signals the process group the child leads; it
        // touches no memory of this process.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// Parse the reviewer's answer: the first JSON object in it with a valid `verdict`.
pub fn parse_answer(text: &str) -> Result<SecondOpinion, String> {
    let start = text
        .find('{')
        .ok_or_else(|| "the reviewer's answer holds no JSON object".to_owned())?;
    let end = text
        .rfind('}')
        .filter(|e| *e > start)
        .ok_or_else(|| "the reviewer's answer holds no JSON object".to_owned())?;
    let answer: Answer = serde_json::from_str(&text[start..=end])
        .map_err(|e| format!("the reviewer's answer is not a verdict object: {e}"))?;
    let verdict = Verdict::parse(&answer.verdict).ok_or_else(|| {
        format!(
            "the reviewer's verdict `{}` is not clean, suspicious or dangerous",
            answer.verdict
        )
    })?;
    let reason: String = answer.reason.chars().take(300).collect();
    Ok(SecondOpinion {
        verdict: Some(verdict),
        reason,
    })
}

/// Merge a second opinion into a report: the stricter verdict wins.
pub fn merge(report: &mut Report, opinion: &SecondOpinion) {
    match opinion.verdict {
        Some(v) if v > report.verdict => {
            let reason = if opinion.reason.is_empty() {
                "no reason given".to_owned()
            } else {
                opinion.reason.clone()
            };
            report.findings.insert(
                0,
                Finding {
                    category: Category::SecondOpinion,
                    severity: v,
                    line: 0,
                    snippet: String::new(),
                    why: format!("the second-opinion reviewer judged it {v}: {reason}"),
                    rule: "second-opinion".into(),
                    chain: vec!["second opinion".into()],
                },
            );
            report.verdict = v;
        }
        Some(v) => report
            .notes
            .push(format!("second opinion: {v} (the static verdict stands)")),
        None => report
            .notes
            .push(format!("second opinion ignored: {}", opinion.reason)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers() {
        assert_eq!(
            parse_answer("sure!\n{\"verdict\": \"Dangerous\", \"reason\": \"x\"}")
                .unwrap()
                .verdict,
            Some(Verdict::Dangerous)
        );
        assert!(parse_answer("I think it is fine").is_err());
        assert!(parse_answer("{\"verdict\": \"maybe\"}").is_err());
    }
}
