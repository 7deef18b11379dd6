//! Rows of session 56's mixed precision rules (issue 17), each with the twins that stay flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// A helper that looks a program up (`need("darktable-cli")` returning `shutil.which(tool)`),
/// whose result the caller hands to another helper (`previews(dt, files)`): the walk's first
/// round sees the call before the helper's body was walked with its argument, so the value was
/// passed on as a string nobody knows and the program run was "built at run time". It is the
/// program looked up. Twins: a helper given a name nobody knows, a helper whose result is a
/// directory of home handed to a deleting helper (known now, so dangerous), and a deleting
/// helper given an unknown directory beside a literal one.
#[test]
fn a_helper_result_handed_to_another_helper_keeps_its_value() {
    let head = "import shutil, subprocess, sys\n\n\
                def need(tool):\n    path = shutil.which(tool)\n    if not path:\n        \
                sys.exit(f\"{tool} is required\")\n    return path\n\n\
                def previews(darktable, files):\n    for f in files:\n        \
                subprocess.run([darktable, str(f), \"--width\", \"800\"], capture_output=True)\n\n";
    let clean = [
        "def main():\n    dt = need(\"darktable-cli\")\n    previews(dt, [\"a.raw\"])\n\nmain()\n",
        "def main():\n    previews(need(\"darktable-cli\"), [\"a.raw\"])\n\nmain()\n",
        "def main():\n    gphoto, dt = need(\"gphoto2\"), need(\"darktable-cli\")\n    \
         previews(dt, [\"a.raw\"])\n\nmain()\n",
    ];
    for main in clean {
        crate::verdict(Language::Python, &format!("{head}{main}"), Clean);
    }
    // A name the script does not spell.
    let unknown =
        "def main():\n    dt = need(input(\"tool? \"))\n    previews(dt, [\"a.raw\"])\n\nmain()\n";
    crate::verdict(Language::Python, &format!("{head}{unknown}"), Suspicious);
    // A helper's result that is a directory of home, handed to a deleting helper.
    let home = "import os, shutil\n\n\
                def where(name):\n    return os.path.expanduser(name)\n\n\
                def wipe(d):\n    shutil.rmtree(d)\n\n\
                def main():\n    target = where(\"~/.ssh\")\n    wipe(target)\n\nmain()\n";
    crate::verdict(Language::Python, home, Dangerous);
    // A deleting helper given a directory nobody knows beside a literal one.
    let blank = "import shutil\n\n\
                 def pick():\n    return input(\"dir? \")\n\n\
                 def wipe(d):\n    shutil.rmtree(d)\n\n\
                 def main():\n    d = pick()\n    wipe(d)\n    wipe(\"build\")\n\nmain()\n";
    crate::verdict(Language::Python, blank, Suspicious);
}

/// A JavaScript variable declared as an empty string (`let rpcUrl = "";`) and filled in by a
/// start-up function before the functions that use it run, as `let tmp;` is: those functions
/// see what is assigned later (a loopback URL), not an empty text built at run time. Twins: a
/// host nobody answers for assigned later, a value of the command line assigned later.
#[test]
fn an_empty_string_placeholder_holds_what_is_assigned_later() {
    let script = |assigned: &str| {
        format!(
            "let rpcUrl = \"\";\n\n\
             async function rpc(method) {{\n  const res = await fetch(rpcUrl, {{\n    method: \"POST\",\n    \
             body: JSON.stringify({{ jsonrpc: \"2.0\", id: 1, method, params: [] }}),\n  }});\n  \
             return res.json();\n}}\n\n\
             async function main() {{\n  const port = 8545 + Math.floor(Math.random() * 100);\n  \
             rpcUrl = {assigned};\n  console.log(await rpc(\"eth_blockNumber\"));\n}}\n\nmain();\n"
        )
    };
    crate::verdict(
        Language::JavaScript,
        &script("`http://127.0.0.1:${port}`"),
        Clean,
    );
    let twins = [
        "`https://collect.example.net:${port}/rpc`",
        "process.argv[2]",
    ];
    for assigned in twins {
        crate::verdict(Language::JavaScript, &script(assigned), Suspicious);
    }
}

/// `const { hostname } = new URL(base)` in a TypeScript constructor, then `if (!["127.0.0.1",
/// "localhost"].includes(hostname)) throw`: the destructured `hostname` is the host of `base`
/// as `new URL(base).hostname` is, so the class's requests to `this.base` go to this machine.
/// The URLs are the script's arguments. Twins: the host of another URL, a list that lets a host
/// nobody answers for through, a check that only warns.
#[test]
fn a_destructured_hostname_checks_the_url_it_came_from() {
    let script = |destructure: &str, hosts: &str, fail: &str| {
        format!(
            "const ADMIN = process.argv[2];\nconst OTHER = process.argv[3];\n\n\
             class Admin {{\n  constructor(private readonly base: string) {{\n    \
             {destructure}\n    if (!{hosts}.includes(hostname)) {{\n      {fail}\n    }}\n  }}\n  \
             async list(): Promise<unknown> {{\n    \
             const res = await fetch(`${{this.base}}/admin/identities`);\n    return res.json();\n  }}\n}}\n\n\
             async function main() {{\n  const admin = new Admin(ADMIN);\n  \
             console.log(await admin.list());\n}}\nmain();\n"
        )
    };
    let local = "[\"127.0.0.1\", \"localhost\"]";
    let throws = "throw new Error(`must point at the local stack, got ${base}`);";
    let clean = [
        "const { hostname } = new URL(base);",
        "const { hostname, port } = new URL(base);",
        "const url = new URL(base);\n    const { hostname } = url;",
    ];
    for d in clean {
        crate::verdict(Language::TypeScript, &script(d, local, throws), Clean);
    }
    let twins = [
        script("const { hostname } = new URL(OTHER);", local, throws),
        script(
            "const { hostname } = new URL(base);",
            "[\"127.0.0.1\", \"collect.example.net\"]",
            throws,
        ),
        script(
            "const { hostname } = new URL(base);",
            local,
            "console.warn(`not local: ${base}`);",
        ),
    ];
    for t in twins {
        crate::verdict(Language::TypeScript, &t, Suspicious);
    }
}
