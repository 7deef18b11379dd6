//! Rows of session 44's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Language::Shell as Sh;
use Verdict::{Clean, Dangerous, Suspicious};

#[track_caller]
fn check(code: &str, verdict: Verdict, category: &str) {
    let report = crate::review(Sh, code);
    assert_eq!(report.verdict, verdict, "`{code}`\n{report:#?}");
    if verdict != Clean {
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.category.as_str() == category),
            "`{code}`\n{report:#?}"
        );
    }
}

/// A server started with `nohup ... &` whose pid the next statement records (a variable or a
/// pid file) and which the script stops through that record (`kill`, a `trap` handler, a pid
/// read back from the file) is the script's own managed process. A pid recorded and never
/// killed, only probed (`kill -0`), killed through another variable, or not recorded at all
/// still starts a process meant to outlive the run.
#[test]
fn detached_servers_stopped_by_their_recorded_pid() {
    let rows: &[(&str, Verdict, &str)] = &[
        // Pid file written, read back into a variable, TERM sent to it.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\npidf=.run/preview.pid\nmkdir -p .run\nstop() {\n  [[ -f $pidf ]] || return 0\n  local p\n  p=$(<\"$pidf\")\n  kill -TERM \"$p\" 2>/dev/null || true\n  rm -f \"$pidf\"\n}\nstart() {\n  nohup hugo server --bind 127.0.0.1 --port 1313 >.run/preview.log 2>&1 &\n  echo $! > \"$pidf\"\n}\ncase ${1:-start} in\n  start) start ;;\n  stop) stop ;;\nesac\n",
            Clean,
            "",
        ),
        // Pid file read by `cat` inside the kill itself.
        (
            "#!/bin/sh\nPIDFILE=\"${TMPDIR:-/tmp}/docs-serve.pid\"\nif [ \"$1\" = stop ]; then\n  kill \"$(cat \"$PIDFILE\")\" && rm -f \"$PIDFILE\"\n  exit 0\nfi\nnohup python3 -m http.server 8123 --bind 127.0.0.1 >/dev/null 2>&1 &\necho $! > \"${PIDFILE}\"\n",
            Clean,
            "",
        ),
        // Pid kept in a variable, killed by the EXIT trap.
        (
            "#!/usr/bin/env bash\nset -eu\nnohup ./node_modules/.bin/vite preview --host 127.0.0.1 >/dev/null 2>&1 &\nsrv=$!\ntrap 'kill \"$srv\" 2>/dev/null || true' EXIT\nnpx playwright test\n",
            Clean,
            "",
        ),
        // `read` of the pid file, then the kill.
        (
            "#!/usr/bin/env bash\nif [[ ${1:-} == stop ]]; then\n  read -r old < .cache/mock.pid\n  kill \"$old\"\n  exit\nfi\nsetsid node test/mock-server.js >/dev/null 2>&1 &\necho \"$!\" > .cache/mock.pid\n",
            Clean,
            "",
        ),
        // Twin: the pid is written, only probed for life (`kill -0`), never stopped.
        (
            "#!/usr/bin/env bash\npidf=.run/preview.pid\nnohup hugo server --port 1313 >/dev/null 2>&1 &\necho $! > \"$pidf\"\nif kill -0 \"$(cat \"$pidf\")\"; then echo up; fi\n",
            Suspicious,
            "escape",
        ),
        // Twin: the pid is recorded but the kill stops another process.
        (
            "#!/usr/bin/env bash\nnohup ./bin/worker --forever >/dev/null 2>&1 &\nworker=$!\nold=$(pgrep -o foo)\nkill \"$old\"\n",
            Suspicious,
            "escape",
        ),
        // Twin: detached with no record of its pid, a kill elsewhere does not stop it.
        (
            "#!/usr/bin/env bash\nnohup ./bin/worker --forever >/dev/null 2>&1 &\nsleep 1\nkill \"$1\"\n",
            Suspicious,
            "escape",
        ),
        // Twin: a miner left running with its pid in a file nobody reads.
        (
            "#!/bin/sh\nnohup ./xmrig -o stratum+tcp://pool.example.test:3333 >/dev/null 2>&1 &\necho $! > /tmp/.x.pid\n",
            Dangerous,
            "escape",
        ),
    ];
    for (code, verdict, category) in rows {
        check(code, *verdict, category);
    }
}

/// A function of the script called with a URL whose scheme and host are spelled out, the rest
/// built at run time (`https://nodejs.org/dist/v$version/node-v$version-$plat.tar.xz`), is
/// walked at that call: the request goes to that host, judged as such. A host built at run
/// time, or a known host off the allow list, is still flagged.
#[test]
fn functions_called_with_urls_of_a_known_host() {
    let fetch = "#!/usr/bin/env bash\nset -euo pipefail\nget() {\n  local url=\"$1\" out=\"$2\"\n  [[ -s \"$out\" ]] && return 0\n  curl -fsSL -o \"$out.part\" \"$url\"\n  mv \"$out.part\" \"$out\"\n}\nver=\"$(tr -d 'v \\n' < .nvmrc)\"\nplat=\"$(uname -s | tr A-Z a-z)-x64\"\nmkdir -p .tools/dl\n";
    let rows: Vec<(String, Verdict, &str)> = vec![
        (
            format!(
                "{fetch}get \"https://nodejs.org/dist/v$ver/SHASUMS256.txt\" .tools/dl/sums.txt\nget \"https://nodejs.org/dist/v$ver/node-v$ver-$plat.tar.xz\" \".tools/dl/node-$plat.tar.xz\"\n"
            ),
            Clean,
            "",
        ),
        // Twin: the host itself is built at run time.
        (
            format!(
                "{fetch}get \"https://$MIRROR/dist/v$ver/node-v$ver-$plat.tar.xz\" \".tools/dl/node-$plat.tar.xz\"\n"
            ),
            Suspicious,
            "network",
        ),
        // Twin: the host is known, and not one the allow list holds.
        (
            format!(
                "{fetch}get \"https://dl.example.net/dist/v$ver/node-v$ver-$plat.tar.xz\" \".tools/dl/node-$plat.tar.xz\"\n"
            ),
            Suspicious,
            "network",
        ),
    ];
    for (code, verdict, category) in &rows {
        check(code, *verdict, category);
    }
}

/// A file `mktemp` makes from a template in the script's own named cache directory
/// (`mktemp "$cache/index.XXXXXX"`, then downloaded into and moved over `index.json`) has a
/// name no other program knows: the script's scratch file. The same template directly in the
/// cache root is still a write outside, and in a directory on PATH (`~/.local/bin`) persistence.
#[test]
fn mktemp_files_in_the_script_s_own_cache() {
    let with_dir = |dir: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\ncache=\"${{XDG_CACHE_HOME:-$HOME/.cache}}{dir}\"\nmkdir -p \"$cache\"\ntmp=$(mktemp \"$cache/releases.XXXXXX\")\nif curl -fsSL https://nodejs.org/dist/index.json -o \"$tmp\"; then\n  mv \"$tmp\" \"$cache/releases.json\"\nelse\n  rm -f \"$tmp\"\nfi\n"
        )
    };
    check(&with_dir("/lts-check"), Clean, "");
    check(&with_dir(""), Suspicious, "outside-write");
    let bin = "#!/usr/bin/env bash\nset -euo pipefail\nmkdir -p \"$HOME/.local/bin\"\ntmp=$(mktemp \"$HOME/.local/bin/lts.XXXXXX\")\ncurl -fsSL https://nodejs.org/dist/index.json -o \"$tmp\"\n";
    check(bin, Dangerous, "persistence");
}

/// Names a group of functions prints, NUL-separated (`printf '%s\0'`) or one a line, each
/// function with its own (a loop over several paths), reach `xargs [-0] tar` as every name:
/// an archive of the shell histories is a read of each. The same pipeline over the project's
/// own logs reads nothing private.
#[test]
fn every_name_printed_into_xargs_is_an_operand() {
    let bundle = |paths: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nout=build/ctx\nmkdir -p \"$out\"\nlogs() {{ printf '%s\\0' build/test.log build/gradle.log; }}\nhist() {{\n  local f\n  for f in {paths}; do\n    [[ -f \"$f\" ]] && printf '%s\\0' \"$f\"\n  done\n}}\n{{ logs; hist; }} | xargs -0 tar -czf \"$out/ctx.tar.gz\"\n"
        )
    };
    check(
        &bundle("\"$HOME/.bash_history\" \"$HOME/.zsh_history\""),
        Dangerous,
        "exfiltration",
    );
    check(&bundle("build/unit.log build/lint.log"), Clean, "");
    // A command given a function's output of several paths reads each of them.
    let direct = "#!/usr/bin/env bash\nset -euo pipefail\nmkdir -p build\nctx() { printf '%s\\n' \"$HOME/.bash_history\"; printf '%s\\n' \"$HOME/.psql_history\"; }\ntar -czf build/ctx.tar.gz $(ctx)\n";
    check(direct, Dangerous, "exfiltration");
}

/// A flag turned on by `[[ "${1:-}" == --publish ]] && publish=1` (off by default) is on only
/// when the user passed the option, as one a `case` item of options turns on: a publish behind
/// it runs on request. The flag turned on unless an option turns it off, or by the
/// environment, still publishes on its own.
#[test]
fn flags_a_tested_option_turns_on() {
    let release = |turn_on: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\npublish=0\n{turn_on} && publish=1\ncargo package --locked\nif (( publish )); then\n  cargo publish --locked\nelse\n  echo \"dry run: pass --publish to upload\"\nfi\n"
        )
    };
    check(&release("[[ \"${1:-}\" == \"--publish\" ]]"), Clean, "");
    check(&release("[ \"$1\" = --publish ]"), Clean, "");
    check(
        &release("[[ \"${1:-}\" != \"--dry-run\" ]]"),
        Suspicious,
        "network",
    );
    check(&release("[[ -n \"${CI:-}\" ]]"), Suspicious, "network");
    // `mix hex.publish` is a publish: on request behind the flag, counted on its own without.
    let hex =
        |turn_on: &str| release(turn_on).replace("cargo publish --locked", "mix hex.publish --yes");
    check(&hex("[[ \"${1:-}\" == \"--publish\" ]]"), Clean, "");
    check(
        &hex("[[ \"${1:-}\" != \"--dry-run\" ]]"),
        Suspicious,
        "network",
    );
}
