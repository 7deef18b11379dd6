#!/usr/bin/env python3
"""Summarise the unreleased CHANGELOG section with the OpenAI API.

OPENAI_API_KEY is read from the environment and used only against
api.openai.com. Responses are cached by content hash under this tool's
own cache directory, ~/.cache/changelog-summary/.
"""
import hashlib
import json
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

ENDPOINT = "https://api.openai.com/v1/chat/completions"
MODEL = os.environ.get("SUMMARY_MODEL", "gpt-4o-mini")
CACHE = Path(os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache"))) / "changelog-summary"
SECTION_RE = re.compile(r"^## \[?Unreleased\]?\s*$(.*?)(?=^## |\Z)", re.M | re.S)


def unreleased_section(changelog: Path) -> str:
    match = SECTION_RE.search(changelog.read_text(encoding="utf-8"))
    if not match:
        raise SystemExit("no '## Unreleased' section in CHANGELOG.md")
    return match.group(1).strip()


def cache_key(text: str) -> Path:
    digest = hashlib.sha256(f"{MODEL}\n{text}".encode()).hexdigest()[:24]
    return CACHE / f"{digest}.json"


def ask_model(text: str, api_key: str) -> str:
    body = {
        "model": MODEL,
        "temperature": 0.2,
        "messages": [
            {"role": "system", "content": "Summarise release notes for end users in at most five bullet points."},
            {"role": "user", "content": text},
        ],
    }
    req = urllib.request.Request(
        ENDPOINT,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        payload = json.load(resp)
    return payload["choices"][0]["message"]["content"].strip()


def summarise(text: str, api_key: str, refresh: bool) -> tuple[str, bool]:
    cached = cache_key(text)
    if cached.exists() and not refresh:
        return json.loads(cached.read_text())["summary"], True
    summary = ask_model(text, api_key)
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"model": MODEL, "summary": summary}))
    return summary, False


def main(argv: list[str]) -> int:
    api_key = os.environ.get("OPENAI_API_KEY")
    if not api_key:
        print("OPENAI_API_KEY is not set", file=sys.stderr)
        return 2
    changelog = Path("CHANGELOG.md")
    text = unreleased_section(changelog)
    if not text:
        print("Unreleased section is empty")
        return 0
    try:
        summary, hit = summarise(text, api_key, refresh="--refresh" in argv)
    except urllib.error.HTTPError as exc:
        print(f"API error {exc.code}: {exc.read()[:200]!r}", file=sys.stderr)
        return 1
    print(summary)
    print(f"\n({'cached' if hit else 'fresh'} summary, model {MODEL})", file=sys.stderr)
    if "--write" in argv:
        out = Path("docs") / "release-summary.md"
        out.parent.mkdir(exist_ok=True)
        out.write_text(f"# What's new\n\n{summary}\n", encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
