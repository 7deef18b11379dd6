//! The JSON protocol between the Rust side and `js/driver.mjs` (version 2).

use std::collections::BTreeMap;
use std::path::Path;

use super::profile::JsNetwork;
use super::report::ViolationKind;

pub(crate) const PROTOCOL_VERSION: u32 = 2;

/// The single request object written to the driver's stdin.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Request<'a> {
    pub(crate) protocol: u32,
    pub(crate) deps_dir: &'a Path,
    pub(crate) cwd: &'a Path,
    pub(crate) scratch: &'a Path,
    pub(crate) read_roots: &'a [std::path::PathBuf],
    pub(crate) hidden: &'a [std::path::PathBuf],
    pub(crate) network: JsNetwork,
    pub(crate) memory_mb: u64,
    pub(crate) wall_ms: u64,
    pub(crate) max_output_bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) file: Option<&'a Path>,
    pub(crate) print: bool,
    pub(crate) argv: &'a [String],
    pub(crate) stdin: &'a str,
    /// The V8 sidecar the Rust side started for this run.
    pub(crate) sidecar: Sidecar<'a>,
}

/// How the driver reaches the V8 sidecar: its socket, auth token and process id.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Sidecar<'a> {
    pub(crate) socket: &'a str,
    pub(crate) token: &'a str,
    pub(crate) pid: u32,
}

/// One line of the driver's stdout.
#[derive(Debug, PartialEq, serde::Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(crate) enum Message {
    Stdout {
        data: String,
    },
    Stderr {
        data: String,
    },
    Violation {
        kind: ViolationKind,
        detail: String,
        evidence: String,
    },
    Exit {
        code: i32,
        error: Option<String>,
        timings_ms: BTreeMap<String, u64>,
    },
    Error {
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn messages_parse() {
        let m: Message = serde_json::from_str(
            r#"{"type":"violation","kind":"fs-read","detail":"read /etc/passwd","evidence":"outside"}"#,
        )
        .unwrap();
        assert_eq!(
            m,
            Message::Violation {
                kind: ViolationKind::FsRead,
                detail: "read /etc/passwd".into(),
                evidence: "outside".into()
            }
        );
        let m: Message = serde_json::from_str(
            r#"{"type":"exit","code":124,"error":"x","timings_ms":{"exec":3}}"#,
        )
        .unwrap();
        assert_eq!(
            m,
            Message::Exit {
                code: 124,
                error: Some("x".into()),
                timings_ms: [("exec".to_string(), 3)].into()
            }
        );
        // A kind the driver made up is the shared vocabulary's `other`: a permission violation.
        let m: Message = serde_json::from_str(
            r#"{"type":"violation","kind":"bogus","detail":"","evidence":""}"#,
        )
        .unwrap();
        assert!(matches!(
            m,
            Message::Violation {
                kind: ViolationKind::Other,
                ..
            }
        ));
    }
}
