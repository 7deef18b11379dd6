use std::collections::BTreeMap;

// Violations have one shape for every backend, so the learning loop reads them alike.
pub(crate) use crate::report::{Violation, ViolationKind};

/// The outcome of one secure-exec run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct JsRunReport {
    /// Always `"secure-exec"`.
    pub backend: &'static str,
    /// The script's exit code; 124 after a time limit, 128+N after signal N.
    pub exit_code: i32,
    /// The runtime's error message, if the script failed.
    pub error: Option<String>,
    /// The script's stdout (capped).
    pub stdout: String,
    /// The script's stderr (capped).
    pub stderr: String,
    /// Contained attempts and exceeded limits, in order.
    pub violations: Vec<Violation>,
    /// What was enforced on this run, mechanism by mechanism.
    pub enforced: Vec<String>,
    /// Wall-clock milliseconds of the whole run, process start to exit.
    pub wall_ms: u64,
    /// The driver's own timings (`boot`, `import`, `exec`, `total`), in milliseconds.
    pub timings_ms: BTreeMap<String, u64>,
}

impl JsRunReport {
    /// Whether a violation of this kind was recorded.
    pub fn has(&self, kind: ViolationKind) -> bool {
        self.violations.iter().any(|v| v.kind == kind)
    }

    pub(crate) fn push(
        &mut self,
        kind: ViolationKind,
        detail: impl Into<String>,
        evidence: impl Into<String>,
    ) {
        let detail = detail.into();
        if !self
            .violations
            .iter()
            .any(|v| v.kind == kind && v.detail == detail)
        {
            self.violations
                .push(Violation::new(kind, detail, evidence.into()));
        }
    }
}
