//! The network allow-list against the real binary: a profile whose `network` is a list reaches a
//! fake registry on loopback (run by the test, named `registry.fake.test`, which only the test
//! profile's `resolve` table maps to 127.0.0.1) through the guard's proxy, and every way around
//! the proxy (a direct connect, UDP, TCP Fast Open, other socket families, another loopback
//! address, an address the program rewrites while the supervisor reads it) is refused, reported
//! and reaches nothing. With the supervisor's own namespaces and with bubblewrap forced; natively
//! (no network namespace) an allow-list is refused outright.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

#[path = "../fixtures/fake_registry.rs"]
#[allow(dead_code, reason = "shared with the Gherkin steps")]
mod fake_registry;

use fake_registry::FakeRegistry;

const PROBE: &str = include_str!("../fixtures/probes/net_probe.py");

struct World {
    tmp: tempfile::TempDir,
    registry: FakeRegistry,
}

impl World {
    fn new() -> Self {
        let tmp = tempfile::tempdir().unwrap();
        for d in ["home", "config", "data", "tmp", "project"] {
            fs_err::create_dir_all(tmp.path().join(d)).unwrap();
        }
        let registry = FakeRegistry::start(
            vec![(
                "/pkg.txt".into(),
                b"hello from the fake registry\n".to_vec(),
            )],
            &tmp.path().join("requests.log"),
        )
        .unwrap();
        let port = registry.port;
        let readonly = include_str!("../../../../kg/profiles/readonly.toml");
        let list = readonly.replace(
            "network = \"deny\"",
            &format!("network = [\"registry.fake.test:{port}\", \"second.fake.test:{port}\"]"),
        );
        // second.fake.test is on the list but not in the table: a lookup, which fails (no such
        // name), so it never reaches anything either.
        let profile = format!("{list}\n[resolve]\n\"registry.fake.test\" = [\"127.0.0.1\"]\n");
        let dir = tmp.path().join("config/terraphim/guard/profiles");
        fs_err::create_dir_all(&dir).unwrap();
        fs_err::write(dir.join("netlist.toml"), profile).unwrap();
        fs_err::write(tmp.path().join("project/net_probe.py"), PROBE).unwrap();
        Self { tmp, registry }
    }

    fn root(&self) -> &Path {
        self.tmp.path()
    }

    /// `guard exec --profile netlist [FLAG] -- SHELL`: exit code, stdout, report.
    fn exec(
        &self,
        flag: Option<&str>,
        shell: &str,
    ) -> (Option<i32>, String, String, Option<Value>) {
        self.exec_as("netlist", flag, shell)
    }

    /// `guard exec --profile PROFILE [FLAG] -- SHELL`: exit code, stdout, report.
    fn exec_as(
        &self,
        profile: &str,
        flag: Option<&str>,
        shell: &str,
    ) -> (Option<i32>, String, String, Option<Value>) {
        let report: PathBuf = self.root().join("report.json");
        let _ = fs_err::remove_file(&report);
        let mut args = vec![
            "guard".to_owned(),
            "exec".into(),
            "--profile".into(),
            profile.into(),
            "--report".into(),
            report.display().to_string(),
        ];
        args.extend(flag.map(str::to_owned));
        args.extend(["--".to_owned(), shell.to_owned()]);
        let out = Command::new(env!("CARGO_BIN_EXE_terraphim-agent"))
            .args(&args)
            .current_dir(self.root().join("project"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.root().join("home"))
            .env("XDG_CONFIG_HOME", self.root().join("config"))
            .env("XDG_DATA_HOME", self.root().join("data"))
            .env("TMPDIR", self.root().join("tmp"))
            // A caller's proxy settings never reach the command: the guard's proxy replaces them.
            .env("HTTP_PROXY", "http://127.0.0.1:9")
            .env("NO_PROXY", "*")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let report = fs_err::read_to_string(&report)
            .ok()
            .map(|t| serde_json::from_str(&t).unwrap());
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            report,
        )
    }

    fn probe(&self, flag: Option<&str>, cases: &[&str]) -> (String, Value) {
        self.probe_as("netlist", flag, cases)
    }

    fn probe_as(&self, profile: &str, flag: Option<&str>, cases: &[&str]) -> (String, Value) {
        let shell = format!(
            "/usr/bin/python3 net_probe.py {} {}",
            self.registry.port,
            cases.join(" ")
        );
        let (code, stdout, stderr, report) = self.exec_as(profile, flag, &shell);
        let report = report.unwrap_or_else(|| panic!("no report (exit {code:?}): {stderr}"));
        (stdout, report)
    }
}

/// Which namespace modes this machine can run (`None`: the supervisor's own, `Some(flag)`:
/// bubblewrap forced); empty when Landlock or namespaces are missing (a `skipping:` line, or a
/// failure under `TERRAPHIM_GUARD_NO_SKIP=1`).
fn modes() -> Vec<Option<&'static str>> {
    let out = Command::new(env!("CARGO_BIN_EXE_terraphim-agent"))
        .args(["guard", "profiles", "--json"])
        .output()
        .unwrap();
    let host: Value = serde_json::from_slice(&out.stdout).unwrap();
    let landlock = host["host"]["landlock_abi"].as_u64().unwrap_or(0) >= 2;
    let own = host["host"]["namespaces"].as_bool().unwrap_or(false);
    let bwrap = host["bwrap_works"].as_bool().unwrap_or(false);
    let mut modes = Vec::new();
    if landlock && own {
        modes.push(None);
    }
    if landlock && bwrap {
        modes.push(Some("--force-bwrap"));
    }
    if modes.is_empty() {
        assert!(
            std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() != Ok("1"),
            "no namespaces here (TERRAPHIM_GUARD_NO_SKIP=1)"
        );
        eprintln!("skipping: neither namespaces nor bubblewrap work here");
    }
    modes
}

fn violations(report: &Value) -> Vec<(String, String)> {
    report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["kind"].as_str().unwrap().to_owned(),
                v["evidence"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_proxy_is_the_only_way_out() {
    let w = World::new();
    for mode in modes() {
        let (out, report) = w.probe(mode, &["proxy4", "proxy6", "proxy_refused_host"]);
        assert!(
            out.contains("proxy4: hello from the fake registry"),
            "{mode:?}: {out}\n{report:#}"
        );
        assert!(
            out.contains("proxy6: hello from the fake registry"),
            "{mode:?}: {out}\n{report:#}"
        );
        assert!(
            out.contains("proxy_refused_host: HTTP/1.1 502"),
            "{mode:?}: a listed name that does not resolve is a 502: {out}"
        );
        assert_eq!(
            report["network_reached"],
            serde_json::json!([format!("registry.fake.test:{}", w.registry.port)])
        );
        assert!(violations(&report).is_empty(), "{mode:?}: {report:#}");
    }
    assert_eq!(
        w.registry.requests().len(),
        2 * modes().len(),
        "{:?}",
        w.registry.requests()
    );
}

#[test]
fn every_way_around_the_proxy_is_refused_and_reported() {
    let w = World::new();
    // (probe, what the report's evidence says)
    let cases: &[(&str, &str)] = &[
        ("direct", "seccomp: connect() to 127.0.0.1:"),
        ("other_loopback", "seccomp: connect() to 127.0.0.2:"),
        ("udp", "socket(AF_INET, SOCK_DGRAM)"),
        ("sctp", "socket(AF_INET, SOCK_STREAM)"),
        ("packet", "socket(AF_PACKET"),
        ("fastopen_sendto", "seccomp: sendto() to 127.0.0.1:"),
        ("fastopen_sendmsg", "seccomp: sendmsg(MSG_FASTOPEN)"),
    ];
    for mode in modes() {
        for (case, evidence) in cases {
            let (out, report) = w.probe(mode, &[case]);
            assert!(
                out.contains(&format!("{case}: refused")),
                "{mode:?} {case}: {out}\n{report:#}"
            );
            let v = violations(&report);
            assert!(
                v.iter()
                    .any(|(k, e)| k == "network" && e.contains(evidence)),
                "{mode:?} {case}: no network violation with {evidence:?}: {v:#?}"
            );
        }
    }
    assert!(
        w.registry.requests().is_empty(),
        "{:?}",
        w.registry.requests()
    );
}

#[test]
fn a_rewritten_address_cannot_redirect_a_connection() {
    let w = World::new();
    for mode in modes() {
        let (out, report) = w.probe(mode, &["race"]);
        let line = out
            .lines()
            .find(|l| l.starts_with("race: "))
            .unwrap_or_else(|| panic!("{mode:?}: {out}\n{report:#}"));
        assert!(line.ends_with(", 0 elsewhere"), "{mode:?}: {line}");
        // Each connection that succeeded went to the proxy; the refused ones are reported.
        assert!(
            violations(&report)
                .iter()
                .all(|(k, e)| k == "network" && e.contains("seccomp: connect() to 127.0.0.1:")),
            "{mode:?}: {report:#}"
        );
    }
    assert!(
        w.registry.requests().is_empty(),
        "a connection reached the registry around the proxy: {:?}",
        w.registry.requests()
    );
}

#[test]
fn refused_hosts_name_the_program_and_without_namespaces_an_allow_list_is_refused() {
    let w = World::new();
    for mode in modes() {
        let shell = format!(
            "curl -sS -o /dev/null -w '%{{http_code}}' http://elsewhere.fake.test:{}/pkg.txt",
            w.registry.port
        );
        let (_, out, _, report) = w.exec(mode, &shell);
        let report = report.unwrap();
        assert_eq!(out, "403", "{mode:?}: {report:#}");
        let v = &report["violations"][0];
        assert_eq!(v["kind"], "network");
        assert_eq!(
            v["detail"],
            format!(
                "host elsewhere.fake.test:{} is not on the network allow-list",
                w.registry.port
            )
        );
        assert_eq!(v["program"][0], "curl", "{v:#}");
        assert_eq!(v["cause"], "program");
    }
    // Natively there is no network namespace to keep the command's own sockets from the host:
    // the run is refused, nothing starts.
    let (code, _, stderr, report) = w.exec(Some("--no-bwrap"), "echo started");
    assert_eq!(code, Some(125), "{stderr}");
    assert!(
        stderr.contains("network allow-list, which needs namespaces"),
        "{stderr}"
    );
    assert!(report.is_none());
    assert!(w.registry.requests().is_empty());
}

/// `network = "deny"` (the embedded `readonly`) in a network namespace: the same connect gate
/// with a proxy that refuses every host. A request by name is refused with the host named (a
/// structured `target`), a connect around the proxy with its address, UDP at `socket`; the
/// rewritten-address race reaches nothing; nothing reaches the registry. Without namespaces
/// the socket itself is refused and no target is known.
#[test]
fn with_the_network_denied_each_refusal_names_what_it_was_for() {
    let w = World::new();
    let port = w.registry.port;
    let targets = |report: &Value| -> Vec<Value> {
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["target"].clone())
            .collect()
    };
    for mode in modes() {
        // (probe, what it prints, the target its violation names)
        let cases: Vec<(&str, &str, Value)> = vec![
            (
                "proxy4",
                "proxy4: HTTP/1.1 403",
                serde_json::json!({"type": "host", "host": "registry.fake.test", "port": port}),
            ),
            (
                "proxy6",
                "proxy6: HTTP/1.1 403",
                serde_json::json!({"type": "host", "host": "registry.fake.test", "port": port}),
            ),
            (
                "direct",
                "direct: refused",
                serde_json::json!({"type": "address", "ip": "127.0.0.1", "port": port}),
            ),
            (
                "fastopen_sendto",
                "fastopen_sendto: refused",
                serde_json::json!({"type": "address", "ip": "127.0.0.1", "port": port}),
            ),
            ("udp", "udp: refused", Value::Null),
        ];
        for (case, printed, target) in &cases {
            let (out, report) = w.probe_as("readonly", mode, &[case]);
            assert!(out.contains(printed), "{mode:?} {case}: {out}\n{report:#}");
            assert_eq!(
                targets(&report),
                vec![target.clone()],
                "{mode:?} {case}: {report:#}"
            );
            assert!(
                report["violations"][0]["detail"]
                    .as_str()
                    .unwrap()
                    .contains("denied"),
                "{report:#}"
            );
        }
        let (out, report) = w.probe_as("readonly", mode, &["race"]);
        let line = out
            .lines()
            .find(|l| l.starts_with("race: "))
            .unwrap_or_else(|| panic!("{mode:?}: {out}\n{report:#}"));
        assert!(line.ends_with(", 0 elsewhere"), "{mode:?}: {line}");
        assert!(report["network_reached"].is_null(), "{report:#}");
    }
    // Natively: the socket filter, nothing named.
    let (_, out, _, report) = w.exec_as(
        "readonly",
        Some("--no-bwrap"),
        &format!("/usr/bin/python3 net_probe.py {port} proxy4 direct"),
    );
    let report = report.unwrap();
    assert!(out.contains("proxy4: refused"), "{out}");
    assert!(out.contains("direct: refused"), "{out}");
    let v = violations(&report);
    assert!(
        v.iter()
            .all(|(k, e)| k == "network" && e.contains("seccomp: socket(AF_INET, SOCK_STREAM)")),
        "{report:#}"
    );
    assert!(targets(&report).iter().all(Value::is_null), "{report:#}");
    assert!(
        w.registry.requests().is_empty(),
        "{:?}",
        w.registry.requests()
    );
}
