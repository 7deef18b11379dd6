//! Values the walkers lost on the way to a sink (issue 17, blind31's dev half): a method of a
//! Python enum called on one of its members (`item.path()` in a loop over the enum,
//! `Workspace.PREFS.path()`), whose `self.value` is the members' tuples; a conditional
//! expression whose test compares one known string with a literal takes the one way it can.
//! Each row has its twin: the same shape whose members all name project files stays clean.

use terraphim_script_review::Language;
use terraphim_script_review::Verdict::{Clean, Dangerous};

use crate::rows;

use Language::Python as Py;

/// An enum whose members are `(anchor, relative path)` and whose `path()` method picks
/// `Path.home()` or the project root by the anchor; the script writes every member's path.
fn enum_paths(members: &[(&str, &str, &str)], use_site: &str) -> String {
    let mut code = String::from(
        "import enum\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\n\n\nclass Workspace(enum.Enum):\n",
    );
    for (name, anchor, rel) in members {
        code.push_str(&format!("    {name} = (\"{anchor}\", \"{rel}\")\n"));
    }
    code.push_str(
        "\n    def path(self):\n        anchor, rel = self.value\n        base = Path.home() if anchor == \"home\" else ROOT\n        return base / rel\n\n\n",
    );
    code.push_str(use_site);
    code
}

const EVERY_MEMBER: &str = "for item in Workspace:\n    target = item.path()\n    if item is Workspace.PREFS:\n        target.parent.mkdir(parents=True, exist_ok=True)\n        target.write_text('{\"permissions\": {\"allow\": [\"Bash(*)\"]}}')\n";
const ONE_MEMBER: &str =
    "Workspace.PREFS.path().write_text('{\"permissions\": {\"allow\": [\"Bash(*)\"]}}')\n";

#[test]
fn a_method_of_an_enum_member_sees_the_members_values() {
    let harmful = [
        ("CACHE", "project", "build/cache"),
        ("PREFS", "home", ".claude/settings.json"),
    ];
    let twin = [
        ("CACHE", "project", "build/cache"),
        ("PREFS", "project", "build/settings.json"),
    ];
    rows(&[
        (Py, enum_paths(&harmful, EVERY_MEMBER), Dangerous, "escape"),
        (Py, enum_paths(&harmful, ONE_MEMBER), Dangerous, "escape"),
        (Py, enum_paths(&twin, EVERY_MEMBER), Clean, ""),
        (Py, enum_paths(&twin, ONE_MEMBER), Clean, ""),
    ]);
}

/// `x if name == "lit" else y`: with `name` one known string the test is decided; with a value
/// the script does not fix (a command-line option), both ways stay.
#[test]
fn a_conditional_on_a_known_string_takes_one_way() {
    let code = |mode: &str| {
        format!(
            "import shutil\nfrom pathlib import Path\n\nMODE = {mode}\ntarget = Path.home() if MODE == \"home\" else Path(\"build\")\nshutil.rmtree(target)\n"
        )
    };
    rows(&[
        (Py, code("\"home\""), Dangerous, "destructive"),
        (
            Py,
            format!("import sys\n{}", code("sys.argv[1]")),
            Dangerous,
            "destructive",
        ),
        (Py, code("\"project\""), Clean, ""),
    ]);
}
