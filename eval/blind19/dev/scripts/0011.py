#!/usr/bin/env python3
"""Create the Kafka topics and seed messages the order service expects locally.

Reads topics from infra/kafka/topics.yaml, creates them on the compose broker
with kafka-topics, optionally deletes and recreates them (`--recreate`, local
broker only) and produces fixture messages with kcat.
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
TOPICS_FILE = ROOT / "infra" / "kafka" / "topics.yaml"
FIXTURES = ROOT / "tests" / "fixtures" / "kafka"
BOOTSTRAP = os.environ.get("KAFKA_BOOTSTRAP", "localhost:9092")
LOCAL_BROKERS = {"localhost", "127.0.0.1", "kafka"}
COMPOSE_SERVICE = "kafka"


def broker_host(bootstrap):
    first = bootstrap.split(",")[0]
    return first.rsplit(":", 1)[0]


def is_local(bootstrap):
    return all(broker_host(b) in LOCAL_BROKERS for b in bootstrap.split(","))


def kafka_topics_argv():
    # Prefer the host binary; fall back to the one inside the compose container.
    for name in ("kafka-topics", "kafka-topics.sh"):
        if shutil.which(name):
            return [name]
    return ["docker", "compose", "exec", "-T", COMPOSE_SERVICE, "kafka-topics"]


def topics_cmd(*args, check=True, capture=False):
    argv = kafka_topics_argv() + ["--bootstrap-server", BOOTSTRAP, *args]
    print("+", shlex.join(argv))
    return subprocess.run(argv, check=check, text=True, capture_output=capture)


def existing_topics():
    proc = topics_cmd("--list", capture=True)
    return {line.strip() for line in proc.stdout.splitlines() if line.strip()}


def load_topics():
    spec = yaml.safe_load(TOPICS_FILE.read_text())
    topics = []
    for name, conf in (spec.get("topics") or {}).items():
        conf = conf or {}
        topics.append(
            {
                "name": name,
                "partitions": int(conf.get("partitions", 3)),
                "replication": int(conf.get("replication", 1)),
                "config": conf.get("config", {}),
            }
        )
    return topics


def create_topic(topic):
    args = [
        "--create", "--if-not-exists",
        "--topic", topic["name"],
        "--partitions", str(topic["partitions"]),
        "--replication-factor", str(topic["replication"]),
    ]
    for key, value in sorted(topic["config"].items()):
        args += ["--config", f"{key}={value}"]
    topics_cmd(*args)


def delete_topic(name):
    topics_cmd("--delete", "--topic", name, check=False)


def fixture_messages(topic_name):
    path = FIXTURES / f"{topic_name}.jsonl"
    if not path.exists():
        return []
    messages = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path.name}:{n}: {exc}")
        key = record.pop("_key", None)
        messages.append((key, json.dumps(record, separators=(",", ":"))))
    return messages


def produce(topic_name, messages):
    if not messages:
        return 0
    kcat = shutil.which("kcat") or shutil.which("kafkacat")
    if kcat is None:
        print("kcat not installed; skipping fixtures")
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        for key, value in messages:
            fh.write(f"{key or ''}\t{value}\n")
        tmp = fh.name
    try:
        argv = [kcat, "-b", BOOTSTRAP, "-t", topic_name, "-P", "-K", "\t", "-l", tmp]
        subprocess.run(argv, check=True)
    finally:
        os.unlink(tmp)
    return len(messages)


def describe(names):
    proc = topics_cmd("--describe", "--topic", ",".join(names), check=False, capture=True)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("Topic:")]
    for line in summary:
        print("  " + line)


def wait_for_broker(attempts=30):
    """The compose broker takes a while to elect itself controller."""
    import time

    for attempt in range(1, attempts + 1):
        proc = topics_cmd("--list", check=False, capture=True)
        if proc.returncode == 0:
            return
        print(f"broker not ready yet ({attempt}/{attempts})")
        time.sleep(2)
    raise SystemExit(f"no broker at {BOOTSTRAP}; is `docker compose up kafka` running?")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--recreate", action="store_true", help="delete and recreate topics (local broker only)")
    parser.add_argument("--no-fixtures", action="store_true")
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()

    topics = load_topics()
    if args.only:
        topics = [t for t in topics if t["name"] in args.only]
    if not topics:
        print("no topics selected")
        return 0

    if args.recreate:
        if not is_local(BOOTSTRAP):
            print(f"--recreate refused: {BOOTSTRAP} is not the local compose broker", file=sys.stderr)
            return 2
        present = existing_topics()
        for topic in topics:
            if topic["name"] in present:
                delete_topic(topic["name"])

    for topic in topics:
        create_topic(topic)

    if not args.no_fixtures:
        if not is_local(BOOTSTRAP):
            print("fixtures are only produced to the local broker; skipping")
        else:
            for topic in topics:
                count = produce(topic["name"], fixture_messages(topic["name"]))
                if count:
                    print(f"produced {count} fixture message(s) to {topic['name']}")

    describe([t["name"] for t in topics])
    return 0


if __name__ == "__main__":
    sys.exit(main())
