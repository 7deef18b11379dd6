//! A kill of what a search by name found is the kill by that name: `kill -9 $(pgrep -f NAME)`
//! is `pkill -9 -f NAME`, `kill $(pidof NAME)` is `killall NAME`. The search's output flows into
//! `kill`'s words (`SimpleCommand::into`), so the pair is added to the parse as the kill by name
//! it amounts to, and the KG's entries for kills by name judge it (a service, a runtime, the
//! user's password manager or browser). `kill $(cat .run/dev.pid)` (a pid the task recorded) and
//! `kill 4242` are no search by name and add nothing.

use super::SimpleCommand;
use super::staged::synthetic;
use super::walker::Walker;

/// Searches by name, and the kill by name each amounts to under `kill`.
const NAME_SEARCHES: &[(&str, &str)] = &[("pgrep", "pkill"), ("pidof", "killall")];

impl Walker {
    /// Add `pkill ARGS` for every `kill` whose words take the output of `pgrep ARGS` (and
    /// `killall NAME` for `pidof NAME`), with `kill`'s signal (`-9`, `-KILL`, `-s KILL`).
    pub(super) fn follow_name_kills(&mut self) {
        let cmds = &self.out.commands;
        if !cmds.iter().any(|c| c.name() == "kill") {
            return;
        }
        let mut added: Vec<SimpleCommand> = Vec::new();
        for c in cmds.iter().filter(|c| c.name() == "kill") {
            let Some(flow) = c.flow else {
                continue;
            };
            for s in cmds.iter().filter(|s| s.into == Some(flow)) {
                let Some(&(search, by)) = NAME_SEARCHES.iter().find(|(n, _)| *n == s.name()) else {
                    continue;
                };
                let mut argv = vec![by.to_string()];
                argv.extend(signal_options(&c.argv));
                argv.extend(s.argv.iter().skip(1).cloned());
                let label = format!(
                    "`kill` of the processes `{search}` found by name: the kill by name `{by}` it amounts to"
                );
                let mut part = synthetic(argv, c, &label);
                part.pipeline = c.pipeline;
                added.push(part);
            }
        }
        self.out.commands.extend(added);
    }
}

/// `kill`'s signal as the option `pkill` and `killall` read: `-9`, `-KILL` and `-SIGKILL` as
/// they are, `-s KILL` / `-n 9` as `-KILL` / `-9`; other words (pids, substitutions) dropped.
fn signal_options(argv: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut words = argv.iter().skip(1);
    while let Some(w) = words.next() {
        match w.as_str() {
            "--" => break,
            "-s" | "-n" => {
                if let Some(v) = words.next() {
                    out.push(format!("-{v}"));
                }
            }
            _ if w.starts_with('-') && w.len() > 1 => out.push(w.clone()),
            _ => {}
        }
    }
    out
}
