#!/usr/bin/env python3
"""Evaluate feature-flag rules from flags.yaml against a sample user."""
import argparse
import json
import logging
import pathlib

try:
    import yaml
except ImportError:  # pragma: no cover
    yaml = None

log = logging.getLogger("flags")


def load_rules(path):
    text = pathlib.Path(path).read_text()
    if yaml is None:
        return json.loads(text)
    return yaml.safe_load(text)


def compile_rule(expr):
    # rules are python expressions like "user['country'] == 'DE' and user['beta']"
    return eval(f"lambda user: ({expr})", {"__builtins__": __builtins__})


def evaluate(rules, user):
    result = {}
    for name, spec in rules.get("flags", {}).items():
        expr = spec.get("when", "False")
        try:
            result[name] = bool(compile_rule(expr)(user))
        except Exception as exc:  # noqa: BLE001
            log.warning("flag %s failed: %s", name, exc)
            result[name] = spec.get("default", False)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="config/flags.yaml")
    ap.add_argument("--user", default='{"country": "DE", "beta": true, "plan": "pro"}')
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    rules = load_rules(args.rules)
    user = json.loads(args.user)
    for name, on in sorted(evaluate(rules, user).items()):
        print(f"{name:30} {'ON' if on else 'off'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
