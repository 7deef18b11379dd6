//! A process stopped by a command line that names the port it serves (`pkill -f 'vite --port
//! 5173'`, `pkill -f "next dev -p 3001"`, `pkill -f 'http.server 8000'` is not: see below).
//! `pkill -f PATTERN` signals every process whose command line matches PATTERN: a program name
//! alone (`pkill -f node`) or with a subcommand (`pkill -f 'cargo test'`) also hits the user's
//! other work, the agent and the editor among them (`process killing`, or `processes killed by a
//! shared name`). A pattern that spells a port option with its number (`--port 5173`, `-p 3001`,
//! `--port=8080`) names the server listening on that port, which one process of the machine can
//! be: the dev server the agent started, stopped as `kill $(lsof -t -i:5173)` would stop it
//! (`process stop by id`). The rule `port_server_stop` in `decide.rs` allows it when `pkill`
//! has no option but `-f` (and a polite signal: `-TERM`, `-INT`, `-HUP`, `--signal` of one),
//! no other user, terminal, group or session is selected, and the one pattern holds such a port.
//! A forced kill (`-9`, `-KILL`) lets no server clean up and stays confined.

use crate::parse::SimpleCommand;

/// Signals that let a process clean up before it exits.
const POLITE: &[&str] = &[
    "TERM", "INT", "HUP", "SIGTERM", "SIGINT", "SIGHUP", "15", "2", "1",
];

/// Options of a server that take its port as their value.
const PORT_OPTIONS: &[&str] = &["--port", "-p", "--listen-port", "--http-port", "-port"];

/// Whether `word` is a port number (1-65535), in at most five digits.
fn port_number(word: &str) -> bool {
    word.len() <= 5
        && word.bytes().all(|b| b.is_ascii_digit())
        && word.parse::<u16>().is_ok_and(|n| n > 0)
}

/// Whether a `pkill -f` pattern spells a port option with its number (a regex's `.*` or `\s+`
/// between words is read as a space).
fn names_a_port(pattern: &str) -> bool {
    let spaced = pattern
        .replace(".*", " ")
        .replace("\\s+", " ")
        .replace("\\s*", " ")
        .replace("\\s", " ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    // A program before the option: a bare `--port 5173` is any server's.
    let after_program = words.get(1..).unwrap_or_default();
    words.len() >= 3
        && (after_program
            .windows(2)
            .any(|pair| PORT_OPTIONS.contains(&pair[0]) && port_number(pair[1]))
            || after_program.iter().any(|w| {
                w.split_once('=')
                    .is_some_and(|(o, n)| PORT_OPTIONS.contains(&o) && port_number(n))
            }))
}

/// Whether `cmd` is `pkill -f PATTERN` stopping the server of one port (see the module
/// documentation).
pub(crate) fn port_server_stop(cmd: &SimpleCommand) -> bool {
    if cmd.name() != "pkill" || !cmd.layers.is_empty() {
        return false;
    }
    let mut full = false;
    let mut patterns = Vec::new();
    let mut words = cmd.argv.iter().skip(1);
    while let Some(w) = words.next() {
        let w = w.as_str();
        match w {
            "-f" | "--full" => full = true,
            "--signal" => match words.next() {
                Some(s) if POLITE.contains(&s.as_str()) => {}
                _ => return false,
            },
            _ if w.starts_with('-') => {
                let signal = w.strip_prefix("--signal=").or_else(|| w.strip_prefix('-'));
                if !signal.is_some_and(|s| POLITE.contains(&s)) {
                    return false;
                }
            }
            _ => patterns.push(w),
        }
    }
    full && patterns.len() == 1 && names_a_port(patterns[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::parse::first_command as first;

    #[test]
    fn a_pattern_that_names_a_port() {
        for (line, want) in [
            ("pkill -f 'webpack serve --port 8081'", true),
            ("pkill -INT -f 'astro dev --port=4321'", true),
            (
                "pkill --signal TERM -f 'uvicorn app.main:app .*--port 8010'",
                true,
            ),
            ("pkill -f 'next dev -p 3002'", true),
            // a name, a subcommand, a forced kill, another user, no -f, several patterns
            ("pkill -f node", false),
            ("pkill -f 'cargo test'", false),
            ("pkill -9 -f 'webpack serve --port 8081'", false),
            ("pkill -KILL -f 'webpack serve --port 8081'", false),
            ("pkill -u alice -f 'webpack serve --port 8081'", false),
            ("pkill 'webpack serve --port 8081'", false),
            ("pkill -f '--port 8081'", false),
            ("pkill -f 'webpack serve --port $PORT'", false),
            ("pkill -f 'webpack serve --port 99999'", false),
            ("killall -r 'webpack serve --port 8081'", false),
        ] {
            assert_eq!(port_server_stop(&first(line)), want, "{line}");
        }
    }
}
