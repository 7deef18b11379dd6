#!/usr/bin/env python3
"""Build (or rebuild) the local Qdrant index for the project's documentation.

Reads markdown under docs/, splits it into chunks, embeds each chunk with the
embedding backend configured in tools/index.toml and upserts the points into a
collection on the *local* Qdrant started by `docker compose up qdrant`.

Usage:
    python tools/build_docs_index.py                 # incremental upsert
    python tools/build_docs_index.py --recreate      # drop + create our collection
    python tools/build_docs_index.py --collection docs_scratch --recreate

Only collections whose name starts with one of ALLOWED_PREFIXES may be
recreated; the shared cluster is never touched because the URL must resolve
to localhost.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tools" / "index.toml"
STATE_FILE = ROOT / ".cache" / "docs-index-state.json"
ALLOWED_PREFIXES = ("docs_", "pytest_", "scratch_")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "qdrant"}

log = logging.getLogger("docs-index")


@dataclass
class Chunk:
    path: str
    heading: str
    text: str

    @property
    def point_id(self) -> str:
        digest = hashlib.sha1(f"{self.path}#{self.heading}#{self.text[:64]}".encode()).hexdigest()
        # Qdrant accepts UUID strings; format the first 32 hex chars as one.
        return f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"


def load_config() -> dict:
    with open(CONFIG, "rb") as fh:
        cfg = tomllib.load(fh)
    cfg.setdefault("qdrant", {}).setdefault("url", "http://localhost:6333")
    cfg["qdrant"].setdefault("collection", "docs_dev")
    cfg.setdefault("embed", {}).setdefault("backend", "hash")
    cfg["embed"].setdefault("dim", 384)
    cfg.setdefault("chunking", {}).setdefault("max_chars", 1200)
    return cfg


def assert_local(url: str) -> None:
    host = urllib.parse.urlparse(url).hostname or ""
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to index against non-local Qdrant host {host!r}")


class Qdrant:
    def __init__(self, url: str, api_key: str | None = None, retries: int = 4):
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.retries = retries

    def _request(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["api-key"] = self.api_key
        delay = 0.5
        for attempt in range(1, self.retries + 1):
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    raw = resp.read()
                    return json.loads(raw) if raw else {}
            except urllib.error.HTTPError as exc:
                if exc.code == 404 and method == "GET":
                    return {}
                if exc.code < 500 or attempt == self.retries:
                    detail = exc.read().decode(errors="replace")[:300]
                    raise RuntimeError(f"{method} {path}: HTTP {exc.code}: {detail}") from exc
            except urllib.error.URLError as exc:
                if attempt == self.retries:
                    raise RuntimeError(f"cannot reach Qdrant at {self.url}: {exc.reason}") from exc
            log.warning("retrying %s %s in %.1fs (attempt %d)", method, path, delay, attempt)
            time.sleep(delay)
            delay *= 2
        raise RuntimeError("unreachable")

    def collection_exists(self, name: str) -> bool:
        return bool(self._request("GET", f"/collections/{name}").get("result"))

    def drop(self, name: str) -> None:
        self._request("DELETE", f"/collections/{name}")

    def create(self, name: str, dim: int) -> None:
        self._request("PUT", f"/collections/{name}", {
            "vectors": {"size": dim, "distance": "Cosine"},
            "optimizers_config": {"default_segment_number": 2},
        })

    def upsert(self, name: str, points: list[dict]) -> None:
        self._request("PUT", f"/collections/{name}/points?wait=true", {"points": points})

    def count(self, name: str) -> int:
        res = self._request("POST", f"/collections/{name}/points/count", {"exact": True})
        return int(res.get("result", {}).get("count", 0))


HEADING = re.compile(r"^(#{1,4})\s+(.*)$")


def iter_markdown(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.md")):
        if any(part.startswith(".") or part == "node_modules" for part in path.parts):
            continue
        yield path


def split_chunks(path: Path, max_chars: int) -> Iterator[Chunk]:
    heading = path.stem
    buf: list[str] = []
    rel = str(path.relative_to(ROOT))

    def flush() -> Iterator[Chunk]:
        text = "\n".join(buf).strip()
        while text:
            piece, text = text[:max_chars], text[max_chars:]
            yield Chunk(rel, heading, piece)

    for line in path.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if m:
            yield from flush()
            buf = []
            heading = m.group(2).strip()
        else:
            buf.append(line)
    yield from flush()


def embed_hash(text: str, dim: int) -> list[float]:
    """Deterministic bag-of-words hashing embedding; good enough for tests."""
    vec = [0.0] * dim
    for token in re.findall(r"[a-z0-9]+", text.lower()):
        h = int(hashlib.md5(token.encode()).hexdigest(), 16)
        vec[h % dim] += 1.0 if (h >> 8) & 1 else -1.0
    norm = sum(v * v for v in vec) ** 0.5 or 1.0
    return [v / norm for v in vec]


def embed_openai(texts: list[str], model: str) -> list[list[float]]:
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        raise SystemExit("embed.backend = openai needs OPENAI_API_KEY in the environment or .env")
    req = urllib.request.Request(
        "https://api.openai.com/v1/embeddings",
        data=json.dumps({"model": model, "input": texts}).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        payload = json.load(resp)
    return [item["embedding"] for item in payload["data"]]


def load_dotenv(path: Path) -> None:
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


def batched(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def load_state() -> dict:
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state: dict) -> None:
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--collection", help="override qdrant.collection from tools/index.toml")
    ap.add_argument("--recreate", action="store_true", help="drop and recreate the collection first")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")

    load_dotenv(ROOT / ".env")
    cfg = load_config()
    url = os.environ.get("QDRANT_URL", cfg["qdrant"]["url"])
    assert_local(url)
    name = args.collection or cfg["qdrant"]["collection"]
    dim = int(cfg["embed"]["dim"])
    client = Qdrant(url, os.environ.get("QDRANT_API_KEY"))

    if args.recreate:
        if not name.startswith(ALLOWED_PREFIXES):
            log.error("collection %s is not one of ours (%s); not recreating", name, ", ".join(ALLOWED_PREFIXES))
            return 2
        if client.collection_exists(name):
            log.info("dropping local collection %s", name)
            client.drop(name)
    if not client.collection_exists(name):
        log.info("creating collection %s (dim=%d)", name, dim)
        client.create(name, dim)

    state = {} if args.recreate else load_state().get(name, {})
    chunks: list[Chunk] = []
    for path in iter_markdown(ROOT / "docs"):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        rel = str(path.relative_to(ROOT))
        if state.get(rel) == digest:
            log.debug("unchanged %s", rel)
            continue
        state[rel] = digest
        chunks.extend(split_chunks(path, int(cfg["chunking"]["max_chars"])))

    if not chunks:
        log.info("nothing to index; %d points in %s", client.count(name), name)
        return 0

    backend = cfg["embed"]["backend"]
    for group in batched(chunks, args.batch):
        if backend == "openai":
            vectors = embed_openai([c.text for c in group], cfg["embed"].get("model", "text-embedding-3-small"))
        else:
            vectors = [embed_hash(c.text, dim) for c in group]
        points = [
            {"id": c.point_id, "vector": v, "payload": {"path": c.path, "heading": c.heading, "text": c.text}}
            for c, v in zip(group, vectors)
        ]
        client.upsert(name, points)
        log.info("upserted %d chunks", len(points))

    all_state = load_state()
    all_state[name] = state
    save_state(all_state)
    log.info("done: %d points in %s", client.count(name), name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
