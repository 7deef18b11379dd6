"""The 500-line clean scripts that `scripts/bench-compare` and `scripts/cg-count` hand to the hook.

Each is the clean fixtures of one language joined, whole (without their `#!` lines; the script
gets one), until the text has 500 lines. A join must not change what a fixture means, or the
hook's review judges the joined text otherwise and the bench measures other work (a verdict with
findings):
- JavaScript and TypeScript fixtures that declare a name an earlier one declares are left out:
  the review keeps a script's functions, classes and constants by name, so two fixtures' `config`
  or `render` would lend each other their values;
- no fixture is wrapped in a scope of its own (a subshell, a block): the review parses a long
  script in two parts split at a top-level line, and a split inside a wrapper fails and costs a
  third parse that no ordinary script pays. A shell fixture's `cd` moves the next ones, to places
  in the project.
"""
import os
import re
import tomllib

# The names a JavaScript or TypeScript fixture declares.
DECLARED = re.compile(r"\b(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)")


def guard_judged_clean(fixtures_dir):
    """The fixtures the binary judges clean: the manifest's `judged_with_guard` names those whose
    review with the command guard says otherwise (a known, documented difference)."""
    path = os.path.join(fixtures_dir, "manifest.toml")
    if not os.path.exists(path):
        return lambda rel: True
    with open(path, "rb") as f:
        other = {e["file"] for e in tomllib.load(f).get("fixture", []) if "judged_with_guard" in e}
    return lambda rel: rel not in other


def clean_script(fixtures, lang_dir, lines=500, shebangs=True):
    """The clean fixtures of a language, whole, joined until the text
    has `lines` lines (`shebangs=False`: without a `#!` line; JavaScript and TypeScript grammars
    take one only on a first line)."""
    d = os.path.join(fixtures, lang_dir)
    keep = guard_judged_clean(fixtures)
    texts = [
        open(os.path.join(d, f), encoding="utf-8").read()
        for f in sorted(os.listdir(d))
        if f.startswith("clean") and keep(f"{lang_dir}/{f}")
    ]
    if lang_dir in ("javascript", "typescript"):
        # The review keeps a script's functions and classes by name, not by block: two fixtures
        # that both declare `config` or `render` would lend each other their values.
        taken, distinct = set(), []
        for t in texts:
            names = set(DECLARED.findall(t))
            if not names & taken:
                distinct.append(t)
                taken |= names
        texts = distinct
    clean = ["".join(line + "\n" for line in t.splitlines() if not line.startswith("#!"))
             for t in texts]
    body, i = "", 0
    while body.count("\n") < lines:
        body += clean[i % len(clean)]
        i += 1
    shebang = {"python": "#!/usr/bin/env python3\n", "shell": "#!/usr/bin/env bash\n"}
    return (shebang.get(lang_dir, "") if shebangs else "") + body


def review_script(fixtures, lang_dir, lines=500):
    """`benches/review.rs`'s `script_of`: every fixture of a language (dangerous ones too, so
    every rule runs), whole and without `#!` lines, as many as fit in `lines` lines, round after
    round. A fixture cut inside a statement would be a syntax error, which a long script's review
    pays for with a third, whole parse."""
    d = os.path.join(fixtures, lang_dir)
    texts = []
    for f in sorted(os.listdir(d)):
        text = open(os.path.join(d, f), encoding="utf-8").read()
        texts.append("".join(line + "\n" for line in text.splitlines() if not line.startswith("#!")))
    out, count = "", 0
    while True:
        before = count
        for t in texts:
            n = t.count("\n")
            if count + n <= lines:
                out += t
                count += n
        if count == before:
            return out
