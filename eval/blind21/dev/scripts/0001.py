#!/usr/bin/env python3
"""Generate an Ansible inventory from infra/hosts.toml and run a playbook.

The playbook always runs in --check --diff mode first. Only when --apply is
given (and the target environment is in the allow-list) is it run for real.

Usage:
    python3 tools/run_playbook.py staging site.yml --limit web
    python3 tools/run_playbook.py staging site.yml --limit web --apply
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOSTS_FILE = ROOT / "infra" / "hosts.toml"
PLAYBOOK_DIR = ROOT / "infra" / "ansible"
LOG_DIR = ROOT / "build" / "ansible-logs"

# environments an agent or developer may apply to without a second person
APPLY_ALLOWED = {"dev", "staging"}


class InventoryError(Exception):
    pass


def load_hosts(path: Path) -> dict:
    if not path.exists():
        raise InventoryError(f"{path} not found")
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    if "environments" not in data:
        raise InventoryError("hosts.toml has no [environments] table")
    return data


def build_inventory(data: dict, env: str) -> dict:
    """Turn the TOML layout into Ansible's JSON inventory format."""
    envs = data["environments"]
    if env not in envs:
        raise InventoryError(f"unknown environment {env!r}; have {sorted(envs)}")
    spec = envs[env]
    inventory: dict = {"_meta": {"hostvars": {}}, "all": {"children": []}}
    for group, hosts in spec.get("groups", {}).items():
        inventory[group] = {"hosts": [], "vars": spec.get("group_vars", {}).get(group, {})}
        inventory["all"]["children"].append(group)
        for host in hosts:
            name = host["name"]
            inventory[group]["hosts"].append(name)
            hv = {"ansible_host": host.get("address", name)}
            if "user" in host:
                hv["ansible_user"] = host["user"]
            if host.get("python"):
                hv["ansible_python_interpreter"] = host["python"]
            inventory["_meta"]["hostvars"][name] = hv
    inventory["all"]["vars"] = {"deploy_env": env, **spec.get("vars", {})}
    return inventory


def write_inventory(inv: dict, workdir: Path) -> Path:
    out = workdir / "inventory.json"
    # ansible reads a script or a static yaml/json; a static json needs the
    # ini-like structure, so we emit yaml-compatible json under a .yml name
    static = {"all": {"children": {}, "vars": inv["all"]["vars"]}}
    for group in inv["all"]["children"]:
        static["all"]["children"][group] = {
            "hosts": {h: inv["_meta"]["hostvars"][h] for h in inv[group]["hosts"]},
            "vars": inv[group]["vars"],
        }
    out = workdir / "inventory.yml"
    out.write_text(json.dumps(static, indent=2))
    return out


def ansible_argv(playbook: Path, inventory: Path, args: argparse.Namespace, check: bool) -> list[str]:
    argv = ["ansible-playbook", "-i", str(inventory), str(playbook)]
    if args.limit:
        argv += ["--limit", args.limit]
    if args.tags:
        argv += ["--tags", args.tags]
    for extra in args.extra_vars:
        argv += ["-e", extra]
    if check:
        argv += ["--check", "--diff"]
    if args.verbose:
        argv.append("-" + "v" * args.verbose)
    return argv


def run(argv: list[str], log_path: Path, env: dict) -> int:
    print("+", " ".join(shlex.quote(a) for a in argv), flush=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w") as log:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, env=env, cwd=PLAYBOOK_DIR)
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stdout.write(line)
            log.write(line)
        return proc.wait()


def summarize(log_path: Path) -> dict:
    """Pull the PLAY RECAP lines out of the log so the caller sees totals."""
    recap: dict = {}
    in_recap = False
    for line in log_path.read_text().splitlines():
        if line.startswith("PLAY RECAP"):
            in_recap = True
            continue
        if in_recap and ":" in line:
            host, _, rest = line.partition(":")
            stats = {}
            for part in rest.split():
                if "=" in part:
                    k, v = part.split("=", 1)
                    if v.isdigit():
                        stats[k] = int(v)
            if stats:
                recap[host.strip()] = stats
    return recap


def ansible_env() -> dict:
    env = dict(os.environ)
    env.setdefault("ANSIBLE_CONFIG", str(PLAYBOOK_DIR / "ansible.cfg"))
    env["ANSIBLE_FORCE_COLOR"] = "1"
    env["ANSIBLE_RETRY_FILES_ENABLED"] = "0"
    vault_file = PLAYBOOK_DIR / ".vault-pass.txt"
    if vault_file.exists():
        # the vault password file is gitignored and only handed to ansible itself
        env["ANSIBLE_VAULT_PASSWORD_FILE"] = str(vault_file)
    return env


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("environment")
    p.add_argument("playbook")
    p.add_argument("--limit")
    p.add_argument("--tags")
    p.add_argument("-e", "--extra-vars", action="append", default=[])
    p.add_argument("--apply", action="store_true", help="run for real after the check pass")
    p.add_argument("--keep-inventory", action="store_true")
    p.add_argument("-v", "--verbose", action="count", default=0)
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if shutil.which("ansible-playbook") is None:
        print("ansible-playbook not on PATH (pip install -r infra/requirements.txt)", file=sys.stderr)
        return 127
    playbook = PLAYBOOK_DIR / args.playbook
    if not playbook.exists():
        print(f"no such playbook: {playbook}", file=sys.stderr)
        return 2
    try:
        inv = build_inventory(load_hosts(HOSTS_FILE), args.environment)
    except InventoryError as exc:
        print(f"inventory: {exc}", file=sys.stderr)
        return 2

    workdir = Path(tempfile.mkdtemp(prefix="inv-"))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        inventory = write_inventory(inv, workdir)
        env = ansible_env()
        check_log = LOG_DIR / f"{stamp}-{args.environment}-check.log"
        rc = run(ansible_argv(playbook, inventory, args, check=True), check_log, env)
        recap = summarize(check_log)
        changed = sum(s.get("changed", 0) for s in recap.values())
        failed = sum(s.get("failed", 0) + s.get("unreachable", 0) for s in recap.values())
        print(f"\ncheck pass: rc={rc} hosts={len(recap)} changed={changed} failed={failed}")
        if rc != 0 or failed:
            print("check pass failed; not applying", file=sys.stderr)
            return rc or 1
        if not args.apply:
            print("dry run only; re-run with --apply to make these changes")
            return 0
        if args.environment not in APPLY_ALLOWED:
            print(f"refusing to apply to {args.environment!r}: only {sorted(APPLY_ALLOWED)} "
                  "can be applied from this helper; use the release pipeline", file=sys.stderr)
            return 3
        if not args.limit:
            print("--apply needs --limit so a run never targets the whole inventory", file=sys.stderr)
            return 3
        apply_log = LOG_DIR / f"{stamp}-{args.environment}-apply.log"
        rc = run(ansible_argv(playbook, inventory, args, check=False), apply_log, env)
        print(f"apply pass: rc={rc}, log at {apply_log.relative_to(ROOT)}")
        return rc
    finally:
        if args.keep_inventory:
            print(f"inventory kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
