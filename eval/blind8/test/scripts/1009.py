#!/usr/bin/env python3
"""Apply data fix-up hooks listed in fixups.json to the exported records."""
import argparse
import json
import logging
import pathlib

log = logging.getLogger("fixups")


def load_records(path):
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_hook(path):
    # each hook file defines fix(record) -> record
    namespace = {}
    source = pathlib.Path(path).read_text()
    exec(compile(source, str(path), "exec"), namespace)
    fn = namespace.get("fix")
    if not callable(fn):
        raise ValueError(f"{path} does not define fix()")
    return fn


def apply(records, hooks):
    out = []
    for rec in records:
        for name, fn in hooks:
            try:
                rec = fn(rec)
            except Exception as exc:  # noqa: BLE001
                log.warning("hook %s failed on %s: %s", name, rec.get("id"), exc)
        out.append(rec)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", default="data/export.jsonl")
    ap.add_argument("--config", default="fixups.json")
    ap.add_argument("--out", default="data/export.fixed.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    cfg = json.loads(pathlib.Path(args.config).read_text())
    hooks = [(h, load_hook(h)) for h in cfg.get("hooks", [])]
    records = apply(load_records(args.records), hooks)
    with open(args.out, "w") as fh:
        for r in records:
            fh.write(json.dumps(r) + "\n")
    log.info("%d records through %d hooks", len(records), len(hooks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
