#!/usr/bin/env python3
"""Seed and reset the local Kafka used by docker-compose.dev.yml.

* `seed`  creates the topics from config/topics.yaml and produces the JSON
          fixtures in tests/fixtures/kafka/<topic>/*.json
* `reset` deletes and recreates those topics and rewinds our consumer groups

Only bootstrap servers on localhost / 127.0.0.1 are accepted; the production
and staging clusters must never be reset by a dev tool.
"""
import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import yaml

ROOT = Path(__file__).resolve().parents[1]
TOPICS_FILE = ROOT / "config" / "topics.yaml"
FIXTURES = ROOT / "tests" / "fixtures" / "kafka"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}
KAFKA_BIN = "kafka-topics"
GROUPS_BIN = "kafka-consumer-groups"


def is_local(bootstrap: str) -> bool:
    for server in bootstrap.split(","):
        host = urlparse("//" + server.strip()).hostname
        if host not in LOCAL_HOSTS:
            return False
    return True


def load_topics() -> list:
    spec = yaml.safe_load(TOPICS_FILE.read_text())
    topics = []
    for t in spec.get("topics", []):
        topics.append({
            "name": t["name"],
            "partitions": int(t.get("partitions", 1)),
            "configs": t.get("configs", {}),
            "groups": t.get("consumer_groups", []),
        })
    return topics


def kafka(bootstrap: str, *args, check=True) -> str:
    argv = [KAFKA_BIN, "--bootstrap-server", bootstrap, *args]
    res = subprocess.run(argv, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or f"{KAFKA_BIN} failed")
    return res.stdout


def existing_topics(bootstrap: str) -> set:
    return {line.strip() for line in kafka(bootstrap, "--list").splitlines() if line.strip()}


def create_topic(bootstrap: str, topic: dict) -> None:
    args = ["--create", "--if-not-exists", "--topic", topic["name"],
            "--partitions", str(topic["partitions"]), "--replication-factor", "1"]
    for key, value in topic["configs"].items():
        args += ["--config", f"{key}={value}"]
    kafka(bootstrap, *args)
    print(f"created {topic['name']} ({topic['partitions']} partitions)")


def delete_topic(bootstrap: str, name: str) -> None:
    kafka(bootstrap, "--delete", "--topic", name, check=False)
    for _ in range(20):
        if name not in existing_topics(bootstrap):
            print(f"deleted {name}")
            return
        time.sleep(0.5)
    raise RuntimeError(f"topic {name} still present after delete")


def produce_fixtures(bootstrap: str, topic: str) -> int:
    folder = FIXTURES / topic
    if not folder.is_dir():
        return 0
    lines = []
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text())
        key = doc.pop("_key", path.stem)
        lines.append(f"{key}\t{json.dumps(doc, separators=(',', ':'))}")
    if not lines:
        return 0
    argv = ["kafka-console-producer", "--bootstrap-server", bootstrap, "--topic", topic,
            "--property", "parse.key=true", "--property", "key.separator=\t"]
    subprocess.run(argv, input="\n".join(lines) + "\n", text=True, check=True)
    return len(lines)


def reset_group(bootstrap: str, group: str, topic: str) -> None:
    argv = [GROUPS_BIN, "--bootstrap-server", bootstrap, "--group", group,
            "--topic", topic, "--reset-offsets", "--to-earliest", "--execute"]
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        if "inactive" in res.stderr or "Stable" in res.stderr:
            print(f"group {group} is active; stop the consumer first")
        raise RuntimeError(res.stderr.strip())
    print(f"rewound {group} on {topic}")


def wait_for_broker(bootstrap: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    delay = 1.0
    while True:
        try:
            kafka(bootstrap, "--list")
            return
        except RuntimeError as exc:
            if time.monotonic() > deadline:
                raise RuntimeError(f"broker not reachable: {exc}")
            time.sleep(delay)
            delay = min(delay * 1.5, 8)


def cmd_seed(bootstrap: str, topics: list) -> None:
    have = existing_topics(bootstrap)
    for t in topics:
        if t["name"] not in have:
            create_topic(bootstrap, t)
        n = produce_fixtures(bootstrap, t["name"])
        if n:
            print(f"  produced {n} record(s) into {t['name']}")


def cmd_reset(bootstrap: str, topics: list, yes: bool) -> None:
    names = [t["name"] for t in topics]
    if not yes:
        print("would delete and recreate:", ", ".join(names))
        print("re-run with --yes to do it")
        return
    have = existing_topics(bootstrap)
    for t in topics:
        if t["name"] in have:
            delete_topic(bootstrap, t["name"])
        create_topic(bootstrap, t)
        produce_fixtures(bootstrap, t["name"])
        for group in t["groups"]:
            reset_group(bootstrap, group, t["name"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["seed", "reset", "list"])
    ap.add_argument("--bootstrap", default="localhost:9092")
    ap.add_argument("--topic", action="append", help="limit to these topics")
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    if not is_local(args.bootstrap):
        print(f"refusing: {args.bootstrap} is not a local broker", file=sys.stderr)
        return 2

    topics = load_topics()
    if args.topic:
        topics = [t for t in topics if t["name"] in set(args.topic)]
    try:
        wait_for_broker(args.bootstrap)
        if args.action == "list":
            for name in sorted(existing_topics(args.bootstrap)):
                print(name)
        elif args.action == "seed":
            cmd_seed(args.bootstrap, topics)
        else:
            cmd_reset(args.bootstrap, topics, args.yes)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        print("error:", exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
