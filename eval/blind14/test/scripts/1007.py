#!/usr/bin/env python3
"""Print a status board for the local docker compose stack.

Pipelines such as `docker compose ps --format json` are run with
shell=True, but every command string is a module constant or is built
from a service name that matched SERVICE_RE; nothing else is spliced in.
"""
import json
import re
import subprocess
import sys
from dataclasses import dataclass

COMPOSE = "docker compose -f compose.yaml -f compose.override.yaml"
PS_CMD = f"{COMPOSE} ps --all --format json"
SERVICE_RE = re.compile(r"^[a-z][a-z0-9_-]{0,40}$")
LOG_TAIL = 5


@dataclass
class Service:
    name: str
    state: str
    health: str
    ports: str


def shell(cmd: str) -> str:
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"command failed: {cmd}")
    return proc.stdout


def services() -> list[Service]:
    raw = shell(PS_CMD).strip()
    if not raw:
        return []
    rows = json.loads(raw) if raw.startswith("[") else [json.loads(l) for l in raw.splitlines()]
    out = []
    for row in rows:
        ports = ", ".join(
            f"{p.get('PublishedPort')}->{p.get('TargetPort')}"
            for p in row.get("Publishers") or [] if p.get("PublishedPort")
        )
        out.append(Service(row["Service"], row.get("State", "?"), row.get("Health") or "-", ports or "-"))
    return sorted(out, key=lambda s: s.name)


def recent_logs(name: str) -> list[str]:
    if not SERVICE_RE.match(name):
        raise ValueError(f"unexpected service name {name!r}")
    text = shell(f"{COMPOSE} logs --no-color --tail {LOG_TAIL} {name} 2>&1 | cut -c1-160")
    return text.splitlines()


def board(items: list[Service]) -> str:
    width = max((len(s.name) for s in items), default=8)
    lines = [f"{'SERVICE':<{width}}  {'STATE':<10} {'HEALTH':<10} PORTS"]
    for s in items:
        lines.append(f"{s.name:<{width}}  {s.state:<10} {s.health:<10} {s.ports}")
    return "\n".join(lines)


def main() -> int:
    try:
        items = services()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"cannot query compose: {exc}", file=sys.stderr)
        return 2
    if not items:
        print("no containers for this project; try `docker compose up -d`")
        return 0
    print(board(items))
    unhealthy = [s for s in items if s.state != "running" or s.health == "unhealthy"]
    for s in unhealthy:
        print(f"\n--- last {LOG_TAIL} log lines of {s.name} ({s.state}/{s.health}) ---")
        for line in recent_logs(s.name):
            print(line)
    return 1 if unhealthy else 0


if __name__ == "__main__":
    sys.exit(main())
