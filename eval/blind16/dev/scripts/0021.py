#!/usr/bin/env python3
"""Interactive-ish shell for poking at a trained model from the terminal.

Loads the latest checkpoint and drops a few helpers into the namespace, then
evaluates snippets passed with -e (handy from Makefile targets).
"""
import argparse
import base64
import code
import json
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

BANNER = "fernleaf model shell: helpers are `model`, `predict`, `explain`"

# warm-up snippet that primes caches before the first user snippet
_PRELUDE = (
    "eJxLzE0pzs8rLSrJSbVWKEnMTc3PSc1PsbJSSMsvyklRyMsvyknRS87PS0nNS8kvyc9TSM9JTcnMz1NILUpNL0ot"
    "0kvOzytJzSsBAN3ZGJc="
)
_STAGE = {"decode": base64.b64decode, "inflate": zlib.decompress}


def prelude_source():
    raw = _PRELUDE
    for step in ("decode", "inflate"):
        raw = _STAGE[step](raw)
    return raw.decode()


def load_model(path):
    meta = json.loads((path / "meta.json").read_text())
    from fernleaf.models import registry

    return registry.load(meta["family"], path / meta["weights"])


def make_namespace(model):
    def predict(text):
        return model.predict([text])[0]

    def explain(text, k=5):
        scores = model.attributions(text)
        return sorted(scores.items(), key=lambda kv: -abs(kv[1]))[:k]

    return {"model": model, "predict": predict, "explain": explain, "json": json}


def latest_checkpoint():
    runs = sorted((ROOT / "runs").glob("*/best"), key=lambda p: p.stat().st_mtime)
    if not runs:
        raise SystemExit("no checkpoints under runs/*/best")
    return runs[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--checkpoint", type=Path)
    ap.add_argument("-e", "--eval", action="append", default=[])
    args = ap.parse_args()

    ckpt = args.checkpoint or latest_checkpoint()
    ns = make_namespace(load_model(ckpt))
    interp = code.InteractiveInterpreter(locals=ns)
    interp.runsource(prelude_source(), "<prelude>", "exec")
    if not args.eval:
        code.interact(banner=BANNER, local=ns)
        return 0
    for snippet in args.eval:
        print(f">>> {snippet}")
        interp.runsource(snippet, "<cli>", "single")
    return 0


if __name__ == "__main__":
    sys.exit(main())
