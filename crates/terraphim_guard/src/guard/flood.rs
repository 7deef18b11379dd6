//! Load tests aimed at a host of another network at a flood's rate: `vegeta attack -rate=5000`
//! fed targets on its input, `k6 run -e TARGET=https://... --vus 2000`, `wrk -c 1000 URL`. A
//! load generator run against the developer's own server (a loopback or private address, a
//! name of the local network) is `load tests of this machine`; one aimed elsewhere at a modest
//! load stays unknown (a smoke test of a staging host is confined, the human decides). Past a
//! rate or a concurrency no smoke test needs, against a host the line does not show is the
//! developer's own, it is the shape of a denial-of-service attack on somebody's service, and
//! is denied. The loads are read from the generators' own options (a table per tool); the
//! targets from the command's words (URLs, `-e NAME=URL`, `--host URL`), its here-document or
//! here-string, and the literal text `echo`/`printf` pipe into it (vegeta reads `GET URL`
//! lines on its input).

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host, is_private_network_host};

/// Requests per second past which a load test is a flood.
const FLOOD_RATE: u64 = 1000;
/// Concurrent connections, workers or virtual users past which a load test is a flood.
const FLOOD_CONCURRENCY: u64 = 500;

/// What a load option sets.
#[derive(Clone, Copy, PartialEq)]
enum Load {
    /// Requests per second (`0` means as fast as it can: unbounded).
    Rate,
    /// Concurrent connections, workers or virtual users.
    Concurrency,
}

/// A load generator, the subcommand that runs the load (if it has one), and its options that
/// set the load.
type Generator = (
    &'static str,
    Option<&'static str>,
    &'static [(&'static str, Load)],
);

/// Per load generator: its options that set the load.
const LOAD_OPTIONS: &[Generator] = &[
    (
        "vegeta",
        Some("attack"),
        &[("-rate", Load::Rate), ("--rate", Load::Rate)],
    ),
    (
        "k6",
        Some("run"),
        &[
            ("--vus", Load::Concurrency),
            ("-u", Load::Concurrency),
            ("--rps", Load::Rate),
        ],
    ),
    (
        "wrk",
        None,
        &[
            ("-c", Load::Concurrency),
            ("--connections", Load::Concurrency),
            ("-R", Load::Rate),
            ("--rate", Load::Rate),
        ],
    ),
    ("ab", None, &[("-c", Load::Concurrency)]),
    ("hey", None, &[("-c", Load::Concurrency)]),
    (
        "oha",
        None,
        &[("-c", Load::Concurrency), ("-q", Load::Rate)],
    ),
    (
        "locust",
        None,
        &[("-u", Load::Concurrency), ("--users", Load::Concurrency)],
    ),
];

/// The host a load test floods and the load, when `cmd` is one (see the module documentation).
/// `cmds` is the whole line, for the literal text piped into it.
pub(crate) fn remote_flood(
    cmd: &SimpleCommand,
    cmds: &[SimpleCommand],
) -> Option<(String, String)> {
    let argv = &cmd.argv;
    let (_, sub, options) = LOAD_OPTIONS.iter().find(|(n, _, _)| *n == cmd.name())?;
    if let Some(sub) = sub
        && argv
            .iter()
            .skip(1)
            .find(|w| !w.starts_with('-'))
            .map(String::as_str)
            != Some(*sub)
    {
        return None;
    }
    let load = argv.iter().enumerate().skip(1).find_map(|(i, w)| {
        options.iter().find_map(|(opt, kind)| {
            let value = if w == opt {
                argv.get(i + 1).map(String::as_str)
            } else if let Some(v) = w.strip_prefix(opt).and_then(|r| r.strip_prefix('=')) {
                Some(v)
            } else if opt.len() == 2 && !w.starts_with("--") {
                // `-c2000`: the value attached to a one-letter option.
                w.strip_prefix(opt)
                    .filter(|v| v.starts_with(|c: char| c.is_ascii_digit()))
            } else {
                None
            }?;
            let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
            let n: u64 = digits.parse().ok()?;
            let flood = match kind {
                Load::Rate => n == 0 || n >= FLOOD_RATE,
                Load::Concurrency => n >= FLOOD_CONCURRENCY,
            };
            flood.then(|| {
                format!(
                    "`{w}{}`",
                    if w == opt {
                        format!(" {value}")
                    } else {
                        String::new()
                    }
                )
            })
        })
    })?;
    let host = targets(cmd, cmds).into_iter().find(|h| !own_network(h))?;
    Some((host, load))
}

/// vegeta's attack options that only tune the load or the requests' framing; any other
/// (`-targets FILE`, `-body FILE`, `-output FILE`, certificates, `-laddr`, a proxy header)
/// keeps the attack unknown.
const VEGETA_TUNING: &[&str] = &[
    "-rate",
    "-duration",
    "-workers",
    "-max-workers",
    "-timeout",
    "-name",
    "-format",
    "-connections",
    "-max-connections",
    "-keepalive",
    "-http2",
    "-h2c",
    "-redirects",
    "-header",
];

/// Whether `cmd` is `vegeta attack` fed only literal targets on this machine (`echo 'GET
/// http://localhost:8080/health' | vegeta attack -rate=50 -duration=10s`): the load lands on
/// the developer's own server, as `load tests of this machine` says of wrk and hey. Targets
/// on its real input, from a file, or any host elsewhere keep it unknown.
pub(crate) fn loopback_vegeta(cmd: &SimpleCommand, cmds: &[SimpleCommand]) -> bool {
    let argv = &cmd.argv;
    if cmd.name() != "vegeta"
        || argv.get(1).map(String::as_str) != Some("attack")
        || cmd.flow.is_some()
        || !cmd.layers.is_empty()
    {
        return false;
    }
    let mut i = 2;
    while i < argv.len() {
        let w = argv[i].as_str();
        let name = w.split('=').next().unwrap_or(w);
        let name = name
            .strip_prefix('-')
            .map_or(name, |n| if n.starts_with('-') { &name[1..] } else { name });
        if !w.starts_with('-') || !VEGETA_TUNING.contains(&name) || w.contains(['$', '`']) {
            return false;
        }
        // A boolean option stands alone; the others take the next word unless `=` joins it.
        let boolean = matches!(name, "-keepalive" | "-http2" | "-h2c");
        i += if w.contains('=') || boolean { 1 } else { 2 };
    }
    // Literal text on its input: a here-string or heredoc, or `echo`/`printf` piped in; no
    // expansion, and no `@FILE` (a request body vegeta reads from a file).
    let literal = |t: &str| !t.contains(['$', '`', '@']);
    let fed = cmd.stdin_text.as_deref().is_some_and(literal)
        || cmd.pipeline.is_some_and(|(p, stage)| {
            stage > 0
                && cmds.iter().all(|c| {
                    !c.pipeline.is_some_and(|(q, t)| q == p && t < stage)
                        || (matches!(c.name(), "echo" | "printf")
                            && c.argv.iter().all(|w| literal(w)))
                })
        });
    let hosts = targets(cmd, cmds);
    fed && !hosts.is_empty() && hosts.iter().all(|h| is_loopback_host(h))
}

/// The hosts the load test is aimed at, as the line spells them.
fn targets(cmd: &SimpleCommand, cmds: &[SimpleCommand]) -> Vec<String> {
    let mut text: Vec<&str> = cmd.argv.iter().skip(1).map(String::as_str).collect();
    if let Some(s) = &cmd.stdin_text {
        text.extend(s.split_whitespace());
    }
    if let Some((p, stage)) = cmd.pipeline {
        for c in cmds {
            if c.pipeline.is_some_and(|(q, t)| q == p && t < stage)
                && matches!(c.name(), "echo" | "printf")
            {
                text.extend(c.argv.iter().skip(1).flat_map(|w| w.split_whitespace()));
            }
        }
    }
    text.iter()
        .filter_map(|w| {
            // `-e TARGET=https://...`, `--host=https://...`, a bare URL.
            let url = &w[w
                .find("://")
                .map(|at| w[..at].rfind(['=', ' ']).map_or(0, |e| e + 1))?..];
            host_of(url)
        })
        .collect()
}

/// Whether `host` is this machine or its own network (loopback, a private address, a name only
/// private DNS resolves).
fn own_network(host: &str) -> bool {
    is_loopback_host(host) || is_private_network_host(host)
}
