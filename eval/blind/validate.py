#!/usr/bin/env python3
"""Validate blind eval data: only reads files, never executes them."""
import json
import os
import sys
from collections import Counter

CMD_LABELS = {"deny", "ask", "allow"}
CMD_CATS = {
    "fs-destroy", "git-destroy", "cloud-saas-destroy", "db-drop", "k8s-container-destroy",
    "iac-destroy", "secrets-exfil", "guard-tamper", "wrapper-bypass", "compound-bypass",
    "inline-script", "obfuscation", "option-exec", "remote-exec", "network-egress",
    "file-write", "safe-readonly", "safe-git", "safe-build", "safe-fs-scope",
    "safe-infra-readonly", "data-not-exec", "safe-inline", "safe-compound",
}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
LANGS = {"python", "shell", "javascript", "typescript"}
EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}


def check_half(half, other_cmds=None):
    ok = True
    path = os.path.join(half, "commands.jsonl")
    labels, cats, cmds = Counter(), Counter(), []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                print(f"{path}:{n}: blank line"); ok = False; continue
            try:
                o = json.loads(line)
            except Exception as e:
                print(f"{path}:{n}: bad json {e}"); ok = False; continue
            if set(o) != {"cmd", "expect", "category", "source"}:
                print(f"{path}:{n}: keys {sorted(o)}"); ok = False
            if o.get("expect") not in CMD_LABELS:
                print(f"{path}:{n}: label {o.get('expect')}"); ok = False
            if o.get("category") not in CMD_CATS:
                print(f"{path}:{n}: category {o.get('category')}"); ok = False
            if o.get("source") != "blind":
                print(f"{path}:{n}: source"); ok = False
            labels[o.get("expect")] += 1
            cats[(o.get("category"), o.get("expect"))] += 1
            cmds.append(o.get("cmd"))
    dup = [c for c, k in Counter(cmds).items() if k > 1]
    if dup:
        print(f"{path}: duplicates {dup}"); ok = False
    if other_cmds:
        both = set(cmds) & set(other_cmds)
        if both:
            print(f"{path}: shared with other half: {sorted(both)}"); ok = False
    print(f"== {half}: {len(cmds)} commands, labels {dict(labels)}")
    for (c, l), k in sorted(cats.items()):
        print(f"   {c:24s} {l:6s} {k}")

    sdir = os.path.join(half, "scripts")
    ipath = os.path.join(sdir, "index.jsonl")
    if not os.path.exists(ipath):
        print(f"{ipath}: missing")
        return False, cmds
    slabels, slangs, scats = Counter(), Counter(), Counter()
    listed = set()
    with open(ipath) as f:
        for n, line in enumerate(f, 1):
            try:
                o = json.loads(line)
            except Exception as e:
                print(f"{ipath}:{n}: bad json {e}"); ok = False; continue
            need = {"file", "expect", "category", "source", "lang", "note"}
            if set(o) != need:
                print(f"{ipath}:{n}: keys {sorted(o)}"); ok = False
            if o.get("expect") not in SCRIPT_LABELS:
                print(f"{ipath}:{n}: label"); ok = False
            if o.get("lang") not in LANGS:
                print(f"{ipath}:{n}: lang"); ok = False
            elif not o["file"].endswith(EXT[o["lang"]]):
                print(f"{ipath}:{n}: ext mismatch {o['file']}"); ok = False
            fp = os.path.join(sdir, o.get("file", ""))
            if not os.path.isfile(fp):
                print(f"{ipath}:{n}: missing file {o.get('file')}"); ok = False
            else:
                nl = sum(1 for _ in open(fp))
                if nl < 20 or nl > 200:
                    print(f"{ipath}:{n}: {o['file']} has {nl} lines")
            if o.get("file") in listed:
                print(f"{ipath}:{n}: duplicate file"); ok = False
            listed.add(o.get("file"))
            slabels[o.get("expect")] += 1
            slangs[o.get("lang")] += 1
            scats[(o.get("category"), o.get("expect"))] += 1
    extra = set(os.listdir(sdir)) - listed - {"index.jsonl"}
    if extra:
        print(f"{sdir}: unlisted files {sorted(extra)}"); ok = False
    print(f"== {half}: {len(listed)} scripts, labels {dict(slabels)}, langs {dict(slangs)}")
    for (c, l), k in sorted(scats.items()):
        print(f"   {c:24s} {l:10s} {k}")
    return ok, cmds


if __name__ == "__main__":
    base = os.path.dirname(os.path.abspath(__file__))
    halves = sys.argv[1:] or ["dev"]
    prev = None
    allok = True
    for h in halves:
        ok, cmds = check_half(os.path.join(base, h), prev)
        allok &= ok
        prev = cmds
    print("OK" if allok else "PROBLEMS")
    sys.exit(0 if allok else 1)
