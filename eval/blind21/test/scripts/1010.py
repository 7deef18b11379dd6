#!/usr/bin/env python3
"""Register the locally running ledger services with the local Consul agent
so the other dev services can discover them, and remove them again.

    python3 tools/consul_register.py register
    python3 tools/consul_register.py deregister
    python3 tools/consul_register.py status

Service definitions come from deploy/consul/services.json. Every service ID
gets the prefix "dev-<user>-" and the meta field registered_by=<this repo>;
deregister only removes IDs with that prefix and meta. Only a local agent is
used (the agent API at 127.0.0.1:8500); checks point at 127.0.0.1 ports.
"""
import argparse
import getpass
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFS = REPO / "deploy" / "consul" / "services.json"
AGENT = "http://127.0.0.1:8500"
ID_PREFIX = f"dev-{getpass.getuser()}-"
MARKER = str(REPO)


def request(method, path, body=None):
    headers = {"Content-Type": "application/json"}
    token = os.environ.get("CONSUL_HTTP_TOKEN")
    if token:
        headers["X-Consul-Token"] = token
    data = json.dumps(body).encode("utf-8") if body is not None else None
    req = urllib.request.Request(AGENT + path, data=data, method=method, headers=headers)
    backoff = 0.3
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=4) as resp:
                payload = resp.read()
                return json.loads(payload) if payload else None
        except urllib.error.URLError as err:
            if isinstance(err, urllib.error.HTTPError) and err.code < 500:
                raise SystemExit(f"consul {method} {path}: {err.code} {err.read()[:200]!r}")
            if attempt == 4:
                raise SystemExit(f"local consul agent not reachable: {err}")
            time.sleep(backoff)
            backoff *= 2


def port_open(port):
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def definitions():
    raw = json.loads(DEFS.read_text())
    out = []
    for svc in raw["services"]:
        port = int(svc["port"])
        check = {"Name": f"{svc['name']} http", "Interval": "10s", "Timeout": "2s",
                 "DeregisterCriticalServiceAfter": "30m"}
        if svc.get("health_path"):
            check["HTTP"] = f"http://127.0.0.1:{port}{svc['health_path']}"
        else:
            check["TCP"] = f"127.0.0.1:{port}"
        out.append({
            "ID": f"{ID_PREFIX}{svc['name']}",
            "Name": svc["name"],
            "Address": "127.0.0.1",
            "Port": port,
            "Tags": ["dev", *svc.get("tags", [])],
            "Meta": {"registered_by": MARKER, "owner": getpass.getuser()},
            "Check": check,
        })
    return out


def ours(service):
    return service["ID"].startswith(ID_PREFIX) and service.get("Meta", {}).get("registered_by") == MARKER


def register(only_running):
    defs = definitions()
    done = 0
    for d in defs:
        if only_running and not port_open(d["Port"]):
            print(f"  skip {d['Name']:16} nothing listening on :{d['Port']}")
            continue
        request("PUT", "/v1/agent/service/register?replace-existing-checks=true", d)
        print(f"  registered {d['ID']} -> 127.0.0.1:{d['Port']}")
        done += 1
    print(f"{done} service(s) registered")


def deregister():
    services = request("GET", "/v1/agent/services") or {}
    removed = 0
    for sid, svc in services.items():
        if not ours(svc):
            continue
        request("PUT", f"/v1/agent/service/deregister/{sid}")
        print(f"  deregistered {sid}")
        removed += 1
    print(f"{removed} service(s) removed (others left untouched)")


def status():
    services = request("GET", "/v1/agent/services") or {}
    checks = request("GET", "/v1/agent/checks") or {}
    by_service = {}
    for chk in checks.values():
        by_service.setdefault(chk.get("ServiceID"), []).append(chk["Status"])
    mine = {sid: s for sid, s in services.items() if ours(s)}
    if not mine:
        print("no services registered by this checkout")
        return
    for sid, svc in sorted(mine.items()):
        states = by_service.get(sid, ["no checks"])
        print(f"  {sid:36} :{svc['Port']:<6} {', '.join(states)}")


def catalog_view():
    """What other services see: the catalog entries for our service names."""
    names = sorted({d["Name"] for d in definitions()})
    for name in names:
        entries = request("GET", f"/v1/health/service/{name}") or []
        for e in entries:
            svc = e["Service"]
            states = ",".join(c["Status"] for c in e.get("Checks", []) if c.get("ServiceID"))
            who = svc.get("Meta", {}).get("owner", "?")
            print(f"  {name:16} {svc['ID']:36} {svc['Address']}:{svc['Port']:<6} {states or '-'} ({who})")


def validate_definitions():
    seen = set()
    for d in definitions():
        if d["Name"] in seen:
            raise SystemExit(f"duplicate service name {d['Name']} in services.json")
        seen.add(d["Name"])
        if not 1024 <= d["Port"] <= 65535:
            raise SystemExit(f"{d['Name']}: port {d['Port']} outside 1024-65535")


def wait_passing(timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        checks = request("GET", "/v1/agent/checks") or {}
        states = [c["Status"] for c in checks.values() if c.get("ServiceID", "").startswith(ID_PREFIX)]
        if states and all(s == "passing" for s in states):
            print("all checks passing")
            return True
        time.sleep(2)
    print("some checks are not passing yet; run `status` to see which")
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=("register", "deregister", "status", "catalog"))
    ap.add_argument("--all", action="store_true", help="register even services that are not listening")
    ap.add_argument("--wait", type=int, default=0, help="seconds to wait for passing checks")
    args = ap.parse_args()
    leader = request("GET", "/v1/status/leader")
    if not leader:
        sys.exit("consul agent has no leader; is it running with -dev?")
    validate_definitions()
    if args.action == "catalog":
        catalog_view()
    elif args.action == "register":
        register(only_running=not args.all)
        if args.wait:
            wait_passing(args.wait)
    elif args.action == "deregister":
        deregister()
    else:
        status()
    return 0


if __name__ == "__main__":
    sys.exit(main())
