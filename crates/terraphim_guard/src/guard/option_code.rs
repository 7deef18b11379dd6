//! Code a program runs from one of its options, variables or job queues, judged by what kind
//! of program it names: git's transport programs replaced by other commands, shells given
//! code where a program is expected (`PAGER='sh -c ...'`), and temporary programs scheduled
//! with `at`.

use crate::parse::SimpleCommand;

/// The layers of git's options that name the program run at the other end of a fetch or push
/// (`git clone --upload-pack=PROG`, `git ls-remote -u PROG`, `git push --receive-pack=PROG`).
const GIT_TRANSPORT_OPTIONS: &[&str] = &["git --upload-pack", "git --receive-pack", "git -u"];

/// The programs those options are for: git's own pack programs, by any path.
const GIT_TRANSPORT_PROGRAMS: &[&str] = &["git-upload-pack", "git-receive-pack", "git"];

/// For a command that one of git's transport options runs and that is not one of git's pack
/// programs (`touch /tmp/x; git-upload-pack`, `sh -c '...'`), the option. The option exists
/// to name where git's pack program lives on a host; any other command there is code smuggled
/// into a clone or fetch (the shape of the `--upload-pack` command-injection attacks).
pub(super) fn replaced_transport(cmd: &SimpleCommand) -> Option<&str> {
    if !cmd.option_code {
        return None;
    }
    let layer = cmd
        .layers
        .iter()
        .rev()
        .find(|l| GIT_TRANSPORT_OPTIONS.contains(&l.as_str()))?;
    let program = cmd.argv.first()?;
    let name = program.rsplit('/').next().unwrap_or(program);
    (!GIT_TRANSPORT_PROGRAMS.contains(&name)).then_some(layer.as_str())
}

/// For a command that a shell runs from code given to it in a program's option or variable
/// (`PAGER='sh -c "cat > /tmp/out"'`, `GIT_SSH_COMMAND='bash -c "..."'`, `git -c
/// core.pager='sh -c ...'`, `man -P 'sh -c id'`, `zip -TT 'sh -c id #'`), or for a shell
/// that such an option names as its program (`tar --use-compress-program='sh x.sh'`, `ssh -o
/// ProxyCommand=/bin/bash`), the option or variable. A pager, an editor, an ssh command, a
/// compressor or an archive tester is a program; a shell there is the escape hatch of a tool
/// that looks safe (the GTFOBins shape): it runs whatever it is told each time the program is
/// started, out of sight of whoever reads the line, so the line is denied even when each
/// command of the code is harmless alone (`sh -c id`). A program by name (`PAGER='less -R'`,
/// `rsync -e 'ssh -p 2222'`, `ProxyCommand='ssh -W %h:%p bastion'`) is judged as itself.
pub(super) fn shell_code_in_option(cmd: &SimpleCommand) -> Option<&str> {
    if !cmd.option_code {
        return None;
    }
    let is_option =
        |l: &String| l.ends_with('=') || l.starts_with(|c: char| c.is_ascii_lowercase());
    let shell = cmd.layers.iter().rposition(|l| {
        l.strip_suffix(" -c")
            .and_then(|n| n.split_whitespace().next())
            .is_some_and(terraphim_shell_vocab::is_shell)
    });
    if let Some(shell) = shell {
        return cmd.layers[..shell]
            .iter()
            .rev()
            .find(|l| is_option(l))
            .map(String::as_str);
    }
    // The option's program is itself a shell, given a script or nothing to read; not where
    // the option exists to name a shell (`SHELL=/bin/bash make`, `su -s /bin/zsh`).
    let program = cmd.argv.first()?;
    let name = program.rsplit('/').next().unwrap_or(program);
    if !terraphim_shell_vocab::is_shell(name) {
        return None;
    }
    let option = cmd.layers.iter().rev().find(|l| is_option(l))?;
    (!SHELL_NAMING_OPTIONS.contains(&option.trim_end_matches('='))).then_some(option.as_str())
}

/// Options and variables whose value is meant to be a shell: a shell there is what they are
/// for, not an escape hatch.
const SHELL_NAMING_OPTIONS: &[&str] = &["SHELL", "su -s", "su --shell", "npm --script-shell"];

/// For a program from a temporary directory or the home that `at` or `batch` is given to run later
/// (`echo /tmp/job.sh | at now + 1 hour`, `at midnight <<< 'sh /tmp/x'`), or that `systemd-run`
/// starts as a transient service or timer, that program. The job runs outside the sandbox,
/// after the command has returned, from a place anyone may have written: nobody reads what runs.
pub(super) fn scheduled_temp_program(cmd: &SimpleCommand) -> Option<&str> {
    let scheduled = cmd.layers.iter().any(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        matches!(
            words.as_slice(),
            ["at" | "batch" | "systemd-run", ..] | ["echo", "|", "at" | "batch"]
        )
    });
    if !scheduled {
        return None;
    }
    // A program in the home (`python3 ~/.cache/.u.py`) is as unread as one in a temp dir.
    temp_program_run(cmd).or_else(|| program_run(cmd, crate::paths::is_in_home))
}

/// The program from a temporary directory `cmd` runs: its name as written, or the script a
/// shell or interpreter it names is given (`sh /tmp/x.sh`).
pub(super) fn temp_program_run(cmd: &SimpleCommand) -> Option<&str> {
    program_run(cmd, crate::paths::is_temp)
}

/// The program `cmd` runs, by its name or as the script of a shell or interpreter, when
/// `place` holds its path.
fn program_run(cmd: &SimpleCommand, place: impl Fn(&str) -> bool) -> Option<&str> {
    let program = cmd.argv.first()?;
    if place(program) {
        return Some(program);
    }
    let name = program.rsplit('/').next().unwrap_or(program);
    if terraphim_shell_vocab::is_shell(name) || terraphim_shell_vocab::is_interpreter(name) {
        return cmd
            .argv
            .iter()
            .skip(1)
            .find(|a| !a.starts_with('-'))
            .filter(|a| place(a))
            .map(String::as_str);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(argv: &[&str], layers: &[&str], option_code: bool) -> SimpleCommand {
        let mut c = crate::parse::parse(argv.join(" ").as_str())
            .commands
            .remove(0);
        c.layers = layers.iter().map(|s| (*s).to_string()).collect();
        c.option_code = option_code;
        c
    }

    #[test]
    fn transport_options_name_only_git_pack_programs() {
        let cases: &[(&[&str], &[&str], bool, bool)] = &[
            (&["touch", "/tmp/x"], &["git --upload-pack"], true, true),
            (&["git-upload-pack"], &["git --upload-pack"], true, false),
            (&["/opt/git/bin/git-upload-pack"], &["git -u"], true, false),
            (&["id"], &["git --receive-pack", "sh -c"], true, true),
            (&["make", "test"], &["git -x"], true, false),
            (&["touch", "/tmp/x"], &["git --upload-pack"], false, false),
        ];
        for (argv, layers, option_code, want) in cases {
            let c = cmd(argv, layers, *option_code);
            assert_eq!(
                replaced_transport(&c).is_some(),
                *want,
                "{argv:?} {layers:?}"
            );
        }
    }

    #[test]
    fn temporary_programs_scheduled_with_at() {
        let cases: &[(&[&str], &[&str], bool)] = &[
            (&["/tmp/job.sh"], &["echo | at"], true),
            (&["sh", "/tmp/x.sh"], &["at <<stdin"], true),
            (&["make", "backup"], &["echo | at"], false),
            (&["python3", "~/.cache/.u.py"], &["echo | batch"], true),
            (&["~/bin/sync"], &["echo | at"], true),
            (&["./scripts/nightly.sh"], &["echo | at"], false),
            (
                &["/tmp/sync.sh"],
                &["systemd-run --user --on-calendar=hourly"],
                true,
            ),
            (&["make", "test"], &["systemd-run --user --scope"], false),
            (&["/tmp/job.sh"], &["bash -c"], false),
        ];
        for (argv, layers, want) in cases {
            let c = cmd(argv, layers, false);
            assert_eq!(
                scheduled_temp_program(&c).is_some(),
                *want,
                "{argv:?} {layers:?}"
            );
        }
    }

    #[test]
    fn shells_given_code_in_an_option_or_variable() {
        let cases: &[(&[&str], &[&str], Option<&str>)] = &[
            (&["cat"], &["PAGER=", "sh -c"], Some("PAGER=")),
            (
                &["id"],
                &["GIT_SSH_COMMAND=", "bash -c"],
                Some("GIT_SSH_COMMAND="),
            ),
            (
                &["tee", "/tmp/x"],
                &["git -c core.pager", "sh -c"],
                Some("git -c core.pager"),
            ),
            (&["less", "-R"], &["PAGER="], None),
            (&["difft"], &["GIT_EXTERNAL_DIFF="], None),
        ];
        for (argv, layers, want) in cases {
            let c = cmd(argv, layers, true);
            assert_eq!(shell_code_in_option(&c), *want, "{argv:?} {layers:?}");
        }
    }
}
