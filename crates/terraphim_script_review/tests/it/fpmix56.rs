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
