#!/usr/bin/env python3
"""Bridge sensor topics from the local Mosquitto broker into a SQLite log.

Subscribes to sensors/# on the broker configured in bridge.toml (defaults to
localhost), normalises payloads, stores them in data/readings.sqlite and
republishes 5-minute averages under stats/<sensor>. It never publishes to
any topic outside the stats/ prefix; actuator topics are rejected by a guard.
"""
import argparse
import json
import logging
import signal
import sqlite3
import statistics
import sys
import threading
import time
import tomllib
from collections import defaultdict
from pathlib import Path

import paho.mqtt.client as mqtt

ROOT = Path(__file__).resolve().parent.parent
DB_PATH = ROOT / "data" / "readings.sqlite"
CONF_PATH = ROOT / "bridge.toml"
PUBLISH_PREFIX = "stats/"
log = logging.getLogger("bridge")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts REAL NOT NULL,
    sensor TEXT NOT NULL,
    metric TEXT NOT NULL,
    value REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS readings_sensor_ts ON readings(sensor, ts);
"""


def load_conf() -> dict:
    conf = {"host": "localhost", "port": 1883, "username": None, "password": None,
            "subscribe": "sensors/#", "window": 300}
    if CONF_PATH.exists():
        with CONF_PATH.open("rb") as fh:
            conf.update(tomllib.load(fh).get("broker", {}))
    secrets = ROOT / ".env"
    if secrets.exists():
        for line in secrets.read_text().splitlines():
            if line.startswith("MQTT_PASSWORD="):
                conf["password"] = line.split("=", 1)[1].strip()
    return conf


class Store:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.executescript(SCHEMA)
        self.lock = threading.Lock()

    def add(self, sensor: str, metric: str, value: float, ts: float) -> None:
        with self.lock:
            self.db.execute("INSERT INTO readings VALUES (?, ?, ?, ?)", (ts, sensor, metric, value))

    def commit(self) -> None:
        with self.lock:
            self.db.commit()

    def close(self) -> None:
        with self.lock:
            self.db.commit()
            self.db.close()


def parse_payload(topic: str, raw: bytes) -> list[tuple[str, str, float]]:
    parts = topic.split("/")
    if len(parts) < 2:
        return []
    sensor = parts[1]
    text = raw.decode("utf-8", "replace").strip()
    out = []
    if text.startswith("{"):
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:
            return []
        for key, val in obj.items():
            if isinstance(val, (int, float)) and not isinstance(val, bool):
                out.append((sensor, key, float(val)))
    else:
        metric = parts[2] if len(parts) > 2 else "value"
        try:
            out.append((sensor, metric, float(text)))
        except ValueError:
            pass
    return out


class Bridge:
    def __init__(self, conf: dict, store: Store, dry_run: bool):
        self.conf = conf
        self.store = store
        self.dry_run = dry_run
        self.window = defaultdict(list)
        self.stop = threading.Event()
        self.client = mqtt.Client(client_id=f"bridge-{int(time.time())}")
        if conf.get("username"):
            self.client.username_pw_set(conf["username"], conf.get("password"))
        self.client.on_connect = self.on_connect
        self.client.on_message = self.on_message

    def on_connect(self, client, _userdata, _flags, rc):
        if rc != 0:
            log.error("connect failed rc=%s", rc)
            return
        client.subscribe(self.conf["subscribe"], qos=0)
        log.info("subscribed to %s on %s", self.conf["subscribe"], self.conf["host"])

    def on_message(self, _client, _userdata, msg):
        now = time.time()
        for sensor, metric, value in parse_payload(msg.topic, msg.payload):
            self.store.add(sensor, metric, value, now)
            self.window[(sensor, metric)].append(value)

    def publish(self, topic: str, payload: str) -> None:
        if not topic.startswith(PUBLISH_PREFIX):
            raise ValueError(f"refusing to publish outside {PUBLISH_PREFIX}: {topic}")
        if self.dry_run:
            log.info("dry-run publish %s %s", topic, payload)
            return
        self.client.publish(topic, payload, qos=0, retain=True)

    def flush(self) -> None:
        snapshot, self.window = self.window, defaultdict(list)
        for (sensor, metric), values in snapshot.items():
            if not values:
                continue
            summary = {"mean": round(statistics.fmean(values), 3), "n": len(values),
                       "min": min(values), "max": max(values)}
            self.publish(f"{PUBLISH_PREFIX}{sensor}/{metric}", json.dumps(summary))
        self.store.commit()

    def run(self) -> None:
        self.client.connect(self.conf["host"], int(self.conf["port"]), keepalive=30)
        self.client.loop_start()
        try:
            while not self.stop.wait(self.conf["window"]):
                self.flush()
        finally:
            self.flush()
            self.client.loop_stop()
            self.client.disconnect()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", help="override broker host")
    ap.add_argument("--window", type=int, help="averaging window in seconds")
    ap.add_argument("--dry-run", action="store_true", help="log instead of publishing stats")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    conf = load_conf()
    if args.host:
        conf["host"] = args.host
    if args.window:
        conf["window"] = args.window
    if conf["host"] not in ("localhost", "127.0.0.1") and not conf["host"].endswith(".internal"):
        log.error("broker %s is not local; edit bridge.toml if this is intended", conf["host"])
        return 2

    store = Store(DB_PATH)
    bridge = Bridge(conf, store, args.dry_run)

    def handle(signum, _frame):
        log.info("signal %s, shutting down", signum)
        bridge.stop.set()

    signal.signal(signal.SIGINT, handle)
    signal.signal(signal.SIGTERM, handle)
    try:
        bridge.run()
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
