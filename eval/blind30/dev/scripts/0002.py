#!/usr/bin/env python3
"""Validate a REDCap data dictionary before it is uploaded by the data manager.

Exports the current metadata (data dictionary) from the study's REDCap project via
the REDCap API, compares it with the dictionary kept in git (redcap/dictionary.csv)
and checks the usual mistakes: bad variable names, duplicated fields, branching
logic that references unknown fields, choices that do not parse, identifiers that
are not flagged. It never imports anything into REDCap; the upload is done by hand.

Environment (from .env): REDCAP_API_URL, REDCAP_API_TOKEN
"""
import argparse
import csv
import io
import json
import os
import re
import sys
import time
from pathlib import Path

import requests

PROJECT = Path(__file__).resolve().parent.parent
LOCAL_DICT = PROJECT / "redcap" / "dictionary.csv"
OUT_DIR = PROJECT / "reports" / "redcap"
VAR_RE = re.compile(r"^[a-z][a-z0-9_]{0,99}$")
REF_RE = re.compile(r"\[([a-z][a-z0-9_]*)(?:\(\w+\))?\]")
IDENTIFIER_HINTS = ("name", "dob", "birth", "email", "phone", "address", "mrn", "nhs")
VALID_TYPES = {"text", "notes", "dropdown", "radio", "checkbox", "yesno", "truefalse",
               "calc", "file", "slider", "descriptive", "sql"}


def read_dotenv(path):
    env = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line and not line.startswith("#") and "=" in line:
                    k, v = line.split("=", 1)
                    env[k.strip()] = v.strip().strip("\"'")
    except FileNotFoundError:
        pass
    return env


def redacted(token):
    return token[:3] + "..." + token[-2:] if token and len(token) > 8 else "***"


class RedcapApi:
    """Minimal REDCap API wrapper; REDCap takes the token as a form field."""

    def __init__(self, url, token, retries=4):
        self.url = url
        self.token = token
        self.retries = retries
        self.session = requests.Session()

    def post(self, **fields):
        payload = {"token": self.token, "format": "json", "returnFormat": "json", **fields}
        wait = 2
        for attempt in range(self.retries):
            resp = self.session.post(self.url, data=payload, timeout=60)
            if resp.status_code in (429, 500, 502, 503) and attempt + 1 < self.retries:
                time.sleep(wait)
                wait *= 2
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError("REDCap API kept failing")

    def metadata(self):
        return self.post(content="metadata")

    def project_info(self):
        return self.post(content="project")


def load_local(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    # REDCap's CSV headers differ from the API's JSON keys; normalise them.
    mapping = {
        "Variable / Field Name": "field_name",
        "Form Name": "form_name",
        "Field Type": "field_type",
        "Field Label": "field_label",
        "Choices, Calculations, OR Slider Labels": "select_choices_or_calculations",
        "Branching Logic (Show field only if...)": "branching_logic",
        "Identifier?": "identifier",
        "Required Field?": "required_field",
    }
    return [{mapping.get(k, k): (v or "").strip() for k, v in row.items()} for row in rows]


def parse_choices(text):
    choices = {}
    for part in filter(None, (p.strip() for p in text.split("|"))):
        code, sep, label = part.partition(",")
        if not sep:
            raise ValueError(f"choice without label: {part!r}")
        choices[code.strip()] = label.strip()
    return choices


def check(rows):
    problems = []
    names = [r["field_name"] for r in rows]
    known = set(names)
    seen = set()
    for r in rows:
        name, ftype = r["field_name"], r.get("field_type", "")
        where = f"{r.get('form_name', '?')}.{name}"
        if not VAR_RE.match(name):
            problems.append((where, "invalid variable name"))
        if name in seen:
            problems.append((where, "duplicate variable"))
        seen.add(name)
        if ftype not in VALID_TYPES:
            problems.append((where, f"unknown field type {ftype!r}"))
        if ftype in ("dropdown", "radio", "checkbox"):
            try:
                if not parse_choices(r.get("select_choices_or_calculations", "")):
                    problems.append((where, "no choices"))
            except ValueError as exc:
                problems.append((where, str(exc)))
        for ref in REF_RE.findall(r.get("branching_logic", "")):
            if ref not in known:
                problems.append((where, f"branching logic references unknown field {ref}"))
        if ftype == "calc":
            for ref in REF_RE.findall(r.get("select_choices_or_calculations", "")):
                if ref not in known:
                    problems.append((where, f"calculation references unknown field {ref}"))
        looks_identifying = any(h in name for h in IDENTIFIER_HINTS)
        if looks_identifying and r.get("identifier", "").lower() not in ("y", "yes"):
            problems.append((where, "looks like an identifier but is not flagged"))
    return problems


def diff(local, remote):
    lmap = {r["field_name"]: r for r in local}
    rmap = {r["field_name"]: r for r in remote}
    added = sorted(set(lmap) - set(rmap))
    removed = sorted(set(rmap) - set(lmap))
    changed = []
    for name in sorted(set(lmap) & set(rmap)):
        for key in ("field_type", "field_label", "select_choices_or_calculations", "branching_logic"):
            if (lmap[name].get(key) or "") != (rmap[name].get(key) or ""):
                changed.append((name, key))
    return added, removed, changed


def write_report(info, problems, added, removed, changed):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    buf = io.StringIO()
    buf.write(f"# Data dictionary check for {info.get('project_title', '?')}\n\n")
    buf.write(f"- fields added locally: {len(added)}\n- fields removed locally: {len(removed)}\n")
    buf.write(f"- attributes changed: {len(changed)}\n- problems: {len(problems)}\n\n")
    if removed:
        buf.write("**Removing fields deletes their data on upload. Check with the PI first.**\n\n")
        buf.writelines(f"- removed `{n}`\n" for n in removed)
    for where, msg in problems:
        buf.write(f"- {where}: {msg}\n")
    (OUT_DIR / "dictionary_check.md").write_text(buf.getvalue(), encoding="utf-8")
    (OUT_DIR / "dictionary_diff.json").write_text(
        json.dumps({"added": added, "removed": removed, "changed": changed}, indent=2),
        encoding="utf-8",
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dictionary", default=str(LOCAL_DICT))
    ap.add_argument("--offline", action="store_true", help="only lint the local file")
    args = ap.parse_args()

    local = load_local(args.dictionary)
    problems = check(local)
    remote, info = [], {"project_title": "(offline)"}
    if not args.offline:
        env = {**read_dotenv(PROJECT / ".env"), **os.environ}
        url, token = env.get("REDCAP_API_URL"), env.get("REDCAP_API_TOKEN")
        if not url or not token:
            sys.exit("REDCAP_API_URL / REDCAP_API_TOKEN missing (see .env.example)")
        print(f"REDCap: {url} token {redacted(token)}", file=sys.stderr)
        api = RedcapApi(url, token)
        info = api.project_info()
        remote = api.metadata()
    added, removed, changed = diff(local, remote) if remote else ([], [], [])
    write_report(info, problems, added, removed, changed)
    for where, msg in problems[:25]:
        print(f"{where}: {msg}")
    print(f"{len(problems)} problem(s); report in {OUT_DIR.relative_to(PROJECT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
