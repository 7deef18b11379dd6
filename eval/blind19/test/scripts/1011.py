#!/usr/bin/env python3
"""Declare the RabbitMQ topology of the fulfilment service on the dev broker.

Reads infra/rabbit/topology.yaml (exchanges, queues, bindings, policies) and
applies it through the management HTTP API of the compose broker at
RABBIT_MGMT_URL (default http://127.0.0.1:15672). With --reset the vhost is
deleted and recreated first, which the script only allows for the local
broker. Credentials are the compose defaults unless RABBIT_USER/RABBIT_PASS
are set in .env.
"""
import argparse
import base64
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.absolute()
TOPOLOGY = ROOT / "infra" / "rabbit" / "topology.yaml"
MGMT = os.environ.get("RABBIT_MGMT_URL", "http://127.0.0.1:15672").rstrip("/")
LOCAL = ("127.0.0.1", "localhost")


def env_file_values():
    path = ROOT / ".env"
    out = {}
    if path.exists():
        for raw in path.read_text().splitlines():
            if "=" in raw and not raw.lstrip().startswith("#"):
                k, v = raw.split("=", 1)
                out[k.strip()] = v.strip().strip('"')
    return out


class Management:
    def __init__(self, base, user, password):
        self.base = base
        creds = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.auth = f"Basic {creds}"

    def call(self, method, path, body=None, ok=(200, 201, 204)):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + "/api" + path, data=data, method=method)
        req.add_header("Authorization", self.auth)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=25) as resp:
                payload, status = resp.read(), resp.status
        except urllib.error.HTTPError as exc:
            payload, status = exc.read(), exc.code
        if status not in ok:
            raise RuntimeError(f"{method} {path}: {status} {payload[:200]!r}")
        return json.loads(payload) if payload else None


def q(name):
    return urllib.parse.quote(name, safe="")


def wait_ready(mgmt, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        try:
            mgmt.call("GET", "/overview")
            return
        except (RuntimeError, urllib.error.URLError, ConnectionError):
            time.sleep(2)
    raise SystemExit(f"management API at {MGMT} not reachable")


def reset_vhost(mgmt, vhost, user):
    host = urllib.parse.urlparse(MGMT).hostname
    if host not in LOCAL:
        raise SystemExit(f"--reset refused: {host} is not the local broker")
    mgmt.call("DELETE", f"/vhosts/{q(vhost)}", ok=(204, 404))
    print(f"deleted vhost {vhost}")
    ensure_vhost(mgmt, vhost, user)


def ensure_vhost(mgmt, vhost, user):
    mgmt.call("PUT", f"/vhosts/{q(vhost)}", {"description": "fulfilment (dev)", "tracing": False})
    mgmt.call("PUT", f"/permissions/{q(vhost)}/{q(user)}", {"configure": ".*", "write": ".*", "read": ".*"})


def apply(mgmt, vhost, topo):
    v = q(vhost)
    for ex in topo.get("exchanges", []):
        mgmt.call("PUT", f"/exchanges/{v}/{q(ex['name'])}", {
            "type": ex.get("type", "topic"),
            "durable": ex.get("durable", True),
            "auto_delete": False,
            "arguments": ex.get("arguments", {}),
        })
        print(f"exchange {ex['name']}")
    for queue in topo.get("queues", []):
        args = dict(queue.get("arguments", {}))
        if queue.get("dead_letter"):
            args["x-dead-letter-exchange"] = queue["dead_letter"]
        if queue.get("quorum"):
            args["x-queue-type"] = "quorum"
        mgmt.call("PUT", f"/queues/{v}/{q(queue['name'])}", {"durable": True, "auto_delete": False, "arguments": args})
        print(f"queue {queue['name']}")
    for b in topo.get("bindings", []):
        mgmt.call("POST", f"/bindings/{v}/e/{q(b['exchange'])}/q/{q(b['queue'])}", {
            "routing_key": b.get("routing_key", "#"),
            "arguments": {},
        })
        print(f"binding {b['exchange']} -> {b['queue']} ({b.get('routing_key', '#')})")
    for p in topo.get("policies", []):
        mgmt.call("PUT", f"/policies/{v}/{q(p['name'])}", {
            "pattern": p["pattern"],
            "definition": p["definition"],
            "apply-to": p.get("apply_to", "queues"),
            "priority": p.get("priority", 0),
        })
        print(f"policy {p['name']}")


def verify(mgmt, vhost, topo):
    existing = {x["name"] for x in mgmt.call("GET", f"/queues/{q(vhost)}")}
    wanted = {x["name"] for x in topo.get("queues", [])}
    missing = sorted(wanted - existing)
    extra = sorted(existing - wanted)
    if missing:
        print("missing queues:", ", ".join(missing))
    if extra:
        print("queues not in topology.yaml (left alone):", ", ".join(extra))
    return not missing


def publish_sample(mgmt, vhost, exchange, key, payload):
    body = {"properties": {"content_type": "application/json"}, "routing_key": key, "payload": json.dumps(payload), "payload_encoding": "string"}
    res = mgmt.call("POST", f"/exchanges/{q(vhost)}/{q(exchange)}/publish", body, ok=(200,))
    return res.get("routed", False)


def validate_topology(topo):
    """Catch references to exchanges/queues that the file itself does not declare."""
    exchanges = {e["name"] for e in topo.get("exchanges", [])}
    queues = {x["name"] for x in topo.get("queues", [])}
    errors = []
    for b in topo.get("bindings", []):
        if b["exchange"] not in exchanges:
            errors.append(f"binding uses undeclared exchange {b['exchange']}")
        if b["queue"] not in queues:
            errors.append(f"binding uses undeclared queue {b['queue']}")
    for queue in topo.get("queues", []):
        dlx = queue.get("dead_letter")
        if dlx and dlx not in exchanges:
            errors.append(f"queue {queue['name']} dead-letters to undeclared {dlx}")
    return errors


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--reset", action="store_true")
    parser.add_argument("--sample", action="store_true", help="publish one sample message per exchange")
    args = parser.parse_args()

    topo = yaml.safe_load(TOPOLOGY.read_text())
    problems = validate_topology(topo)
    if problems:
        raise SystemExit("topology.yaml: " + "; ".join(problems))
    vhost = topo.get("vhost", "fulfilment")
    env = {**env_file_values(), **os.environ}
    user = env.get("RABBIT_USER", "guest")
    mgmt = Management(MGMT, user, env.get("RABBIT_PASS", "guest"))
    wait_ready(mgmt)
    if args.reset:
        reset_vhost(mgmt, vhost, user)
    else:
        ensure_vhost(mgmt, vhost, user)
    apply(mgmt, vhost, topo)
    ok = verify(mgmt, vhost, topo)
    if args.sample:
        for ex in topo.get("exchanges", []):
            routed = publish_sample(mgmt, vhost, ex["name"], ex.get("sample_key", "sample"), {"sample": True})
            print(f"sample to {ex['name']}: {'routed' if routed else 'not routed'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
