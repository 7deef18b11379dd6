#!/usr/bin/env python3
"""Generate docs/devices.md from the Zigbee2MQTT device list.

Zigbee2MQTT publishes its device list as a retained message on
`zigbee2mqtt/bridge/devices`. This script connects to the local broker
(credentials: MQTT_USER / MQTT_PASSWORD from .env, host from z2m.toml),
waits for that retained message, and renders a markdown inventory grouped by
room (taken from the friendly name prefix). It only subscribes; nothing is
published, so no device is ever switched.
"""
import argparse
import json
import os
import sys
import threading
import time
import tomllib
from collections import defaultdict
from pathlib import Path

import paho.mqtt.client as mqtt

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "devices.md"
DEFAULT_TOPIC = "zigbee2mqtt/bridge/devices"


def broker_settings() -> dict:
    conf = {"host": "localhost", "port": 1883, "base_topic": "zigbee2mqtt", "timeout": 15}
    toml_path = ROOT / "z2m.toml"
    if toml_path.exists():
        with toml_path.open("rb") as fh:
            section = tomllib.load(fh).get("broker") or {}
        conf.update(section)
    env_path = ROOT / ".env"
    if env_path.exists():
        for line in env_path.read_text().splitlines():
            key, _, value = line.partition("=")
            if key in ("MQTT_USER", "MQTT_PASSWORD"):
                conf[key.lower()] = value.strip()
    for key in ("MQTT_USER", "MQTT_PASSWORD"):
        if os.environ.get(key):
            conf[key.lower()] = os.environ[key]
    return conf


def is_local(host: str) -> bool:
    return host in {"localhost", "127.0.0.1", "::1"} or host.endswith(".internal")


class RetainedReader:
    def __init__(self, conf: dict):
        self.conf = conf
        self.topic = f"{conf['base_topic']}/bridge/devices"
        self.payload = None
        self.done = threading.Event()
        self.client = mqtt.Client(client_id=f"z2m-docs-{os.getpid()}", clean_session=True)
        if conf.get("mqtt_user"):
            self.client.username_pw_set(conf["mqtt_user"], conf.get("mqtt_password"))
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message

    def _on_connect(self, client, _userdata, _flags, rc):
        if rc != 0:
            print(f"broker refused connection (rc={rc})", file=sys.stderr)
            self.done.set()
            return
        client.subscribe(self.topic, qos=0)

    def _on_message(self, _client, _userdata, msg):
        if msg.topic == self.topic:
            self.payload = msg.payload
            self.done.set()

    def read(self) -> list:
        self.client.connect(self.conf["host"], int(self.conf["port"]), keepalive=20)
        self.client.loop_start()
        try:
            if not self.done.wait(self.conf["timeout"]):
                raise SystemExit(f"no retained message on {self.topic} within {self.conf['timeout']}s")
        finally:
            self.client.loop_stop()
            self.client.disconnect()
        if self.payload is None:
            raise SystemExit("connection failed")
        return json.loads(self.payload)


def room_of(name: str) -> str:
    for sep in ("/", "_", " "):
        if sep in name:
            return name.split(sep, 1)[0].capitalize()
    return "Unassigned"


def describe(device: dict) -> dict:
    definition = device.get("definition") or {}
    exposes = definition.get("exposes") or []
    features = sorted({e.get("name") or e.get("type") for e in exposes if isinstance(e, dict)} - {None})
    return {
        "name": device.get("friendly_name", device.get("ieee_address")),
        "model": definition.get("model", "?"),
        "vendor": definition.get("vendor", "?"),
        "power": device.get("power_source", "?"),
        "type": device.get("type", "?"),
        "features": features,
        "supported": device.get("supported", False),
        "interview": device.get("interview_completed", False),
    }


def render(devices: list) -> str:
    rooms = defaultdict(list)
    for d in devices:
        if d.get("type") == "Coordinator":
            continue
        info = describe(d)
        rooms[room_of(info["name"])].append(info)
    lines = [
        "# Zigbee devices",
        "",
        f"_Generated {time.strftime('%Y-%m-%d')} from the bridge device list; do not edit by hand._",
        "",
    ]
    for room in sorted(rooms):
        lines += [f"## {room}", "", "| name | model | vendor | power | features |", "|---|---|---|---|---|"]
        for info in sorted(rooms[room], key=lambda i: i["name"]):
            flag = "" if info["supported"] and info["interview"] else " ⚠"
            feats = ", ".join(info["features"][:6])
            lines.append(f"| {info['name']}{flag} | {info['model']} | {info['vendor']} | {info['power']} | {feats} |")
        lines.append("")
    battery = sum(1 for r in rooms.values() for i in r if "Battery" in str(i["power"]))
    total = sum(len(r) for r in rooms.values())
    lines += ["## Summary", "", f"- devices: {total}", f"- battery powered: {battery}", ""]
    return "\n".join(lines)


def problems(devices: list) -> list:
    out = []
    for d in devices:
        name = d.get("friendly_name", d.get("ieee_address"))
        if d.get("type") == "Coordinator":
            continue
        if not d.get("interview_completed"):
            out.append(f"{name}: interview not completed")
        if not d.get("supported"):
            out.append(f"{name}: not supported by this Zigbee2MQTT version")
        if name and name.startswith("0x"):
            out.append(f"{name}: still has its default IEEE name")
    return out


def save_snapshot(devices: list) -> Path:
    """Keep the raw payload next to the docs so --from-file can reproduce them."""
    snap = ROOT / "docs" / ".devices.snapshot.json"
    snap.parent.mkdir(parents=True, exist_ok=True)
    slim = [{k: d.get(k) for k in ("friendly_name", "ieee_address", "type", "power_source",
                                    "supported", "interview_completed", "definition")} for d in devices]
    snap.write_text(json.dumps(slim, indent=1))
    return snap


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--from-file", type=Path, help="read a saved bridge/devices payload instead")
    parser.add_argument("--check", action="store_true", help="exit 1 when devices need attention")
    args = parser.parse_args()

    if args.from_file:
        devices = json.loads(args.from_file.read_text())
    else:
        conf = broker_settings()
        if not is_local(conf["host"]):
            raise SystemExit(f"broker {conf['host']} is not local; this tool only reads the home broker")
        devices = RetainedReader(conf).read()
        save_snapshot(devices)

    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(render(devices), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(devices)} entries)")
    issues = problems(devices)
    for issue in issues:
        print("attention:", issue)
    return 1 if (args.check and issues) else 0


if __name__ == "__main__":
    sys.exit(main())
