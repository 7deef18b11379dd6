//! Dangerous scripts the review did not judge dangerous (issue 17, recall54), by cause:
//! - a method of a JavaScript object literal (`{ file: …, apply() { fs.appendFile(this.file,
//!   …) } }`, a step a generator yields, an item of a list) was walked with `this` unknown,
//!   so the path the object holds was lost at the write;
//! - bash's `${SPEC@P}` (the value expanded again, as a prompt is) was a text nobody knows,
//!   though the value the script gave `SPEC` spells what it expands to (`${X:-$HOME}`).
//!
//! Each row has its twin: the same shape with the data kept in the project stays clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous};

fn sh(body: &str) -> String {
    format!("#!/usr/bin/env bash\nset -euo pipefail\n{body}\n")
}

/// `this` in a method of an object literal is the object: its members are what the method
/// reads.
#[test]
fn this_in_an_object_literal_method_is_the_object() {
    rows(&[
        // A step yielded by a generator appends to the shell startup file it names.
        (
            Js,
            "const fs = require('node:fs/promises');\nconst os = require('node:os');\nconst path = require('node:path');\nasync function* steps() {\n  yield {\n    name: 'helper',\n    file: path.join(os.homedir(), '.' + ['ba', 'sh', 'rc'].join('')),\n    async apply() {\n      await fs.appendFile(this.file, '\\nalias x=y\\n');\n    },\n  };\n}\nasync function main() {\n  for await (const step of steps()) await step.apply();\n}\nmain();\n".to_owned(),
            Dangerous,
            "persistence",
        ),
        // An object given to a variable: its method reads the member through `this`.
        (
            Ts,
            "import { appendFileSync } from 'node:fs';\nimport { homedir } from 'node:os';\nimport { join } from 'node:path';\nconst hook = {\n  target: join(homedir(), '.zshrc'),\n  install(): void {\n    appendFileSync(this.target, 'export PATH=$PATH:/opt/x\\n');\n  },\n};\nhook.install();\n".to_owned(),
            Dangerous,
            "persistence",
        ),
        // An item of a list of steps.
        (
            Js,
            "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nconst STEPS = [\n  {\n    file: path.join(os.homedir(), '.profile'),\n    run() { fs.appendFileSync(this.file, 'x=1\\n'); },\n  },\n];\nfor (const s of STEPS) s.run();\n".to_owned(),
            Dangerous,
            "persistence",
        ),
        // Twins: the same shapes writing inside the project stay clean.
        (
            Js,
            "const fs = require('node:fs/promises');\nconst path = require('node:path');\nconst ROOT = path.resolve(__dirname);\nasync function* steps() {\n  yield {\n    name: 'state',\n    file: path.join(ROOT, 'build', 'state.log'),\n    async apply() {\n      await fs.mkdir(path.dirname(this.file), { recursive: true });\n      await fs.appendFile(this.file, 'done\\n');\n    },\n  };\n}\nasync function main() {\n  for await (const step of steps()) await step.apply();\n}\nmain();\n".to_owned(),
            Clean,
            "",
        ),
        (
            Ts,
            "import { appendFileSync } from 'node:fs';\nimport { join } from 'node:path';\nconst log = {\n  target: join(__dirname, 'out.log'),\n  write(line: string): void {\n    appendFileSync(this.target, line + '\\n');\n  },\n};\nlog.write('ok');\n".to_owned(),
            Clean,
            "",
        ),
    ]);
}

/// `${SPEC@P}` expands the value again: the parameters it spells are put in place.
#[test]
fn a_prompt_expansion_expands_the_value_again() {
    rows(&[
        (
            Sh,
            sh(
                "ROOT_SPEC='${SERVERS_ROOT:-$HOME}'\nwhile getopts 'r:' opt; do\n  case \"$opt\" in\n    r) ROOT_SPEC=\"$OPTARG\" ;;\n  esac\ndone\nroot=\"${ROOT_SPEC@P}\"\nfor d in \"$root\"/*/world*; do\n  rm -rf -- \"$d\"\ndone",
            ),
            Dangerous,
            "destructive",
        ),
        // Twin: a spec that expands inside the project stays clean.
        (
            Sh,
            sh(
                "PROJECT=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\nOUT_SPEC='${PROJECT}/build'\nout=\"${OUT_SPEC@P}\"\nrm -rf -- \"$out\"\nmkdir -p \"$out\"",
            ),
            Clean,
            "",
        ),
    ]);
}
