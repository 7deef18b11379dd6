"""The 500-line clean scripts that `scripts/bench-compare` and `scripts/cg-count` hand to the hook.

Each is the clean fixtures of one language joined, whole, until the text has 500 lines. A join
must not change what a fixture means, or the hook's review judges the joined text otherwise and
the bench measures other work (a verdict with findings). So each fixture keeps its own scope:
- shell: each fixture runs in a subshell `( ... )`, so one fixture's `cd`, `set` or variables do
  not reach the next one's relative paths;
- JavaScript and TypeScript: each fixture's body is a block `{ ... }`, so its `const p` is not
  the next fixture's `p`; its `import` lines, which a block cannot hold, go to the top, and
  `export` is dropped from its declarations;
- Python: the fixtures as they are (each defines its own names before use).
"""
import os
import re
import tomllib

# `import x from "y";`, `import { a, b } from 'y'`, `import "y";`, `import * as fs from "fs"`.
IMPORT = re.compile(r"""^import\s.*(\sfrom\s+|\s*)["'][^"']+["'];?\s*$""")


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


def _scoped(lang_dir, text):
    """(hoisted lines, body) of one fixture, its body in a scope of its own."""
    lines = [line for line in text.splitlines() if not line.startswith("#!")]
    if lang_dir == "shell":
        return [], "(\n" + "\n".join(lines) + "\n)\n"
    if lang_dir in ("javascript", "typescript"):
        imports = [line for line in lines if IMPORT.match(line)]
        body = [re.sub(r"^export (default )?", "", line) for line in lines if not IMPORT.match(line)]
        return imports, "{\n" + "\n".join(body) + "\n}\n"
    return [], "\n".join(lines) + "\n"


def clean_script(fixtures, lang_dir, lines=500, shebangs=True):
    """The clean fixtures of a language, whole and each in its own scope, joined until the text
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
    clean = [_scoped(lang_dir, t) for t in texts]
    head, body, i = [], "", 0
    while (len(head) + body.count("\n")) < lines:
        imports, scoped = clean[i % len(clean)]
        head += [line for line in imports if line not in head]
        body += scoped
        i += 1
    shebang = {"python": "#!/usr/bin/env python3\n", "shell": "#!/usr/bin/env bash\n"}
    top = shebang.get(lang_dir, "") if shebangs else ""
    return top + "".join(line + "\n" for line in head) + body
