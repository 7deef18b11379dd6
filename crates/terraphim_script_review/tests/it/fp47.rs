//! Session 47's precision rows for deletes (issue 17): where a deleted path comes from when
//! the walk lost it. A generator that only filters a directory listing (`sorted(p for p in
//! d.iterdir() if p.is_dir())`) holds entries of that directory; the elements `splice` takes
//! out of an array are that array's; a `let` declared without a value and given a temporary
//! directory later is that directory in a cleanup written before the assignment; Bun's
//! `import.meta.dir` is the script's own directory. Each clean row has its twin: the same
//! shape over the home directory, a path from the command line or the whole project stays
//! flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `sorted(p for p in ARCHIVE.iterdir() if p.is_dir())[:-keep]`: the old entries of a
/// directory of the project, as `sorted(ARCHIVE.iterdir())` is. The same generator over the
/// home directory, or over a directory given on the command line, stays flagged.
#[test]
fn a_generator_filtering_a_listing_holds_its_entries() {
    let prune = |listed: &str| {
        format!(
            "import shutil\nimport sys\nfrom pathlib import Path\n\nHERE = Path(__file__).resolve().parent.parent\nSNAPSHOTS = HERE / \"var\" / \"snapshots\"\n\n\ndef prune(keep: int) -> None:\n    kept = sorted(entry for entry in {listed}.iterdir() if entry.is_dir())\n    for stale in kept[:-keep]:\n        print(\"pruning\", stale.name)\n        shutil.rmtree(stale)\n\n\nprune(int(sys.argv[1]) if len(sys.argv) > 1 else 3)\n"
        )
    };
    rows(&[
        (Py, prune("SNAPSHOTS"), Clean, ""),
        (Py, prune("(HERE / \"build\")"), Clean, ""),
        (Py, prune("Path.home()"), Dangerous, "destructive"),
        (Py, prune("Path(sys.argv[2])"), Suspicious, "destructive"),
        // A generator that builds new paths (not the listing's own entries) stays unknown.
        (
            Py,
            "import shutil\nimport sys\nfrom pathlib import Path\n\nHERE = Path(__file__).resolve().parent\nfor d in sorted(Path(sys.argv[1]) / e.name for e in HERE.iterdir()):\n    shutil.rmtree(d)\n".to_owned(),
            Suspicious,
            "destructive",
        ),
    ]);
}

/// `made.splice(0)` in a cleanup: the temporary directories the script pushed into the
/// array, taken out and removed. An array of directories from the command line, or holding
/// the home directory, stays flagged.
#[test]
fn splice_gives_back_the_arrays_elements() {
    let cleanup = |made: &str| {
        format!(
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\n\nconst scratch = [];\nfunction scratchDir() {{\n  const d = {made};\n  scratch.push(d);\n  return d;\n}}\nconst work = scratchDir();\nfs.writeFileSync(path.join(work, 'input.txt'), 'hello\\n');\nfor (const d of scratch.splice(0)) fs.rmSync(d, {{ recursive: true, force: true }});\n"
        )
    };
    rows(&[
        (
            Js,
            cleanup("fs.mkdtempSync(path.join(os.tmpdir(), 'lint-fixture-'))"),
            Clean,
            "",
        ),
        (Js, cleanup("process.argv[2]"), Suspicious, "destructive"),
        (Js, cleanup("os.homedir()"), Dangerous, "destructive"),
    ]);
}

/// `let dataDir: string | undefined;`, a cleanup handler written next, and the temporary
/// directory made later in the same function (or in another function, for a module-level
/// `let`): the handler removes that directory. The same variable given a path from the
/// command line or the home directory stays flagged.
#[test]
fn a_let_given_its_value_after_a_cleanup_is_that_value() {
    let local = |made: &str| {
        format!(
            "import {{ mkdtempSync, rmSync, writeFileSync }} from 'node:fs';\nimport os from 'node:os';\nimport path from 'node:path';\n\nasync function main(): Promise<void> {{\n  let dataDir: string | undefined;\n  const cleanup = () => {{\n    if (dataDir) rmSync(dataDir, {{ recursive: true, force: true }});\n  }};\n  process.once('SIGINT', () => {{ cleanup(); process.exit(130); }});\n  try {{\n    dataDir = {made};\n    writeFileSync(path.join(dataDir, 'seed.json'), '{{}}');\n  }} finally {{\n    cleanup();\n  }}\n}}\n\nvoid main();\n"
        )
    };
    let module = |made: &str| {
        format!(
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\n\nlet stage;\nfunction teardown() {{\n  if (stage) fs.rmSync(stage, {{ recursive: true, force: true }});\n}}\nprocess.on('exit', teardown);\n\nfunction prepare() {{\n  stage = {made};\n  fs.writeFileSync(path.join(stage, 'pkg.json'), '{{}}');\n}}\nprepare();\n"
        )
    };
    let temp = "mkdtempSync(path.join(os.tmpdir(), 'seed-'))";
    let temp_cjs = "fs.mkdtempSync(path.join(os.tmpdir(), 'stage-'))";
    rows(&[
        (Ts, local(temp), Clean, ""),
        (Ts, local("process.argv[2]"), Suspicious, "destructive"),
        (Ts, local("os.homedir()"), Dangerous, "destructive"),
        (Js, module(temp_cjs), Clean, ""),
        (
            Js,
            module("process.env.STAGE_DIR"),
            Suspicious,
            "destructive",
        ),
        (
            Js,
            module("path.join(os.homedir(), '.config')"),
            Dangerous,
            "destructive",
        ),
    ]);
}

/// Bun's `import.meta.dir` is the script's directory, as `import.meta.dirname` is: the
/// project's build output under it is the project's. The project itself (its root, reached
/// by `..` from a script in `scripts/`) stays dangerous.
#[test]
fn bun_import_meta_dir_is_the_scripts_directory() {
    let clean_build = |target: &str| {
        format!(
            "import {{ existsSync, rmSync }} from \"node:fs\";\nimport path from \"node:path\";\n\nconst ROOT = path.resolve(import.meta.dir, \"..\");\nconst OUT = {target};\nif (existsSync(OUT)) rmSync(OUT, {{ recursive: true, force: true }});\n"
        )
    };
    rows(&[
        (Ts, clean_build("path.join(ROOT, \".aws-sam\")"), Clean, ""),
        (Ts, clean_build("path.join(ROOT, \"dist\")"), Clean, ""),
        (Ts, clean_build("ROOT"), Dangerous, "destructive"),
    ]);
}

/// A shell function given `http://127.0.0.1:$port` (a free port the script picked) is walked
/// at the call with that URL, as the same request written at the call is: the host is
/// spelled out, only the port is chosen at run time. A host from the environment, or a
/// remote host with the same port, stays flagged.
#[test]
fn a_url_whose_port_alone_is_chosen_at_run_time_names_its_host() {
    let health = |base: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\n\nwait_ready() {{\n  local url=\"$1/readyz\" n\n  for n in $(seq 1 40); do\n    if curl -fsS -o /dev/null --max-time 2 \"$url\"; then\n      return 0\n    fi\n    sleep 0.25\n  done\n  echo \"not ready: $url\" >&2\n  return 1\n}}\n\nport=\"$(shuf -i 20000-40000 -n 1)\"\nwait_ready \"{base}\"\n"
        )
    };
    rows(&[
        (Sh, health("http://127.0.0.1:${port}"), Clean, ""),
        (Sh, health("http://localhost:$port"), Clean, ""),
        (
            Sh,
            health("http://${TARGET_HOST}:${port}"),
            Suspicious,
            "network",
        ),
        (
            Sh,
            health("https://status.example.net:${port}"),
            Suspicious,
            "network",
        ),
    ]);
}
