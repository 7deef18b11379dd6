"""Run the post-processing hooks listed in pipeline.yaml over the exported data."""
import json
import sys
from pathlib import Path

import yaml

CONFIG = Path("pipeline.yaml")
DATA = Path("export") / "records.json"


def load_hooks(cfg: dict) -> list:
    hooks = []
    for entry in cfg.get("post_process", []):
        if isinstance(entry, str):
            hooks.append({"name": entry, "source": entry})
        else:
            hooks.append(entry)
    return hooks


def run_hook(hook: dict, records: list) -> list:
    source = hook.get("inline") or Path(hook["source"]).read_text()
    scope = {"records": records, "json": json}
    exec(compile(source, hook["name"], "exec"), scope)
    return scope.get("records", records)


def main() -> int:
    cfg = yaml.safe_load(CONFIG.read_text())
    records = json.loads(DATA.read_text())
    for hook in load_hooks(cfg):
        before = len(records)
        records = run_hook(hook, records)
        print(f"{hook['name']}: {before} -> {len(records)} records")
    DATA.with_suffix(".processed.json").write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
