#!/usr/bin/env python3
"""fhir_integrity.py - referential-integrity and profile report for the local FHIR test server.

Questions it answers for the test-data maintainers:

  * how many resources of each type are on the server?
  * which references point at resources that do not exist (dangling)?
  * which Observations lack a LOINC code, a subject or an effective time?
  * which Encounters end before they start?

It only issues GET requests (search with _count/_elements and paging via the
"next" links) against FHIR_URL, which defaults to http://localhost:8090/fhir and
must be localhost or a *.internal test server.  The optional bearer token
(FHIR_BEARER in .env) goes to that server only.

Results go to stdout and, with --out, to a JSON file under out/.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import requests

REPO_DIR = Path(__file__).resolve().parent.parent
TYPES = ("Patient", "Practitioner", "Organization", "Encounter", "Observation", "Condition",
         "MedicationRequest", "Procedure", "DiagnosticReport")
LOINC = "http://loinc.org"
PAGE = 200


def env_file_values(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return values
    for line in lines:
        if line.lstrip().startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        values[k.strip()] = v.strip().strip("'\"")
    return values


def server_base() -> tuple[str, str | None]:
    env = {**env_file_values(REPO_DIR / ".env"), **os.environ}
    base = env.get("FHIR_URL", "http://localhost:8090/fhir").rstrip("/")
    host = urlsplit(base).hostname or ""
    if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
        sys.exit(f"FHIR_URL points at {host}; only local test servers are allowed")
    return base, env.get("FHIR_BEARER")


class Client:
    def __init__(self, base: str, bearer: str | None):
        self.base = base
        self.http = requests.Session()
        self.http.headers.update({"Accept": "application/fhir+json"})
        if bearer:
            self.http.headers["Authorization"] = "Bearer " + bearer
        self.requests = 0

    def get(self, url: str, params: dict | None = None) -> dict:
        backoff = 0.5
        for attempt in range(6):
            self.requests += 1
            resp = self.http.get(url, params=params, timeout=60)
            if resp.status_code in (429, 503):
                time.sleep(backoff)
                backoff *= 2
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"{url}: server kept throttling")

    def count(self, rtype: str) -> int:
        return int(self.get(f"{self.base}/{rtype}", {"_summary": "count"}).get("total", 0))

    def each(self, rtype: str, elements: str | None = None):
        params = {"_count": PAGE}
        if elements:
            params["_elements"] = elements
        bundle = self.get(f"{self.base}/{rtype}", params)
        while True:
            for entry in bundle.get("entry", []):
                yield entry["resource"]
            nxt = next((l["url"] for l in bundle.get("link", []) if l.get("relation") == "next"), None)
            if not nxt:
                return
            bundle = self.get(nxt)


def references(resource: dict, path: str = ""):
    """Yield (path, reference) for every Reference in a resource."""
    if isinstance(resource, dict):
        ref = resource.get("reference")
        if isinstance(ref, str) and "/" in ref and not ref.startswith("#"):
            yield path, ref
        for key, value in resource.items():
            if key != "reference":
                yield from references(value, f"{path}.{key}" if path else key)
    elif isinstance(resource, list):
        for item in resource:
            yield from references(item, path)


def check_observation(obs: dict) -> list[str]:
    issues = []
    codings = obs.get("code", {}).get("coding", [])
    if not any(c.get("system") == LOINC for c in codings):
        issues.append("no LOINC code")
    if "subject" not in obs:
        issues.append("no subject")
    if not any(k.startswith("effective") for k in obs):
        issues.append("no effective[x]")
    return issues


def check_encounter(enc: dict) -> list[str]:
    period = enc.get("period", {})
    start, end = period.get("start"), period.get("end")
    if start and end and end < start:
        return ["period.end before period.start"]
    return []


def run(client: Client, sample: int) -> dict:
    counts = {t: client.count(t) for t in TYPES}
    known: dict[str, set[str]] = {t: set() for t in TYPES}
    for rtype in ("Patient", "Practitioner", "Organization", "Encounter"):
        for res in client.each(rtype, elements="id"):
            known[rtype].add(res["id"])

    dangling: Counter = Counter()
    dangling_examples: dict[str, list[str]] = defaultdict(list)
    problems: Counter = Counter()
    problem_examples: dict[str, list[str]] = defaultdict(list)
    checked = 0
    for rtype in ("Encounter", "Observation", "Condition", "MedicationRequest"):
        for res in client.each(rtype):
            checked += 1
            for path, ref in references(res):
                target_type, _, target_id = ref.partition("/")
                if target_type in known and known[target_type] and target_id not in known[target_type]:
                    key = f"{rtype}.{path} -> {target_type}"
                    dangling[key] += 1
                    if len(dangling_examples[key]) < 3:
                        dangling_examples[key].append(f"{rtype}/{res['id']}")
            issues = check_observation(res) if rtype == "Observation" else check_encounter(res) if rtype == "Encounter" else []
            for issue in issues:
                key = f"{rtype}: {issue}"
                problems[key] += 1
                if len(problem_examples[key]) < 3:
                    problem_examples[key].append(res["id"])
            if sample and checked >= sample:
                break
    return {
        "counts": counts,
        "checked": checked,
        "dangling": {k: {"count": v, "examples": dangling_examples[k]} for k, v in dangling.items()},
        "problems": {k: {"count": v, "examples": problem_examples[k]} for k, v in problems.items()},
        "requests": client.requests,
    }


def render(result: dict) -> None:
    print("resource counts:")
    for rtype, n in result["counts"].items():
        print(f"  {rtype:18s} {n:8d}")
    print(f"\nchecked {result['checked']} resources in {result['requests']} requests")
    if result["dangling"]:
        print("\ndangling references:")
        for key, info in sorted(result["dangling"].items(), key=lambda kv: -kv[1]["count"]):
            print(f"  {info['count']:6d}  {key}  e.g. {', '.join(info['examples'])}")
    else:
        print("\nno dangling references")
    if result["problems"]:
        print("\ncontent problems:")
        for key, info in sorted(result["problems"].items(), key=lambda kv: -kv[1]["count"]):
            print(f"  {info['count']:6d}  {key}")


def main() -> int:
    ap = argparse.ArgumentParser(description="FHIR test server integrity report (read-only)")
    ap.add_argument("--sample", type=int, default=0, help="stop after N checked resources (0 = all)")
    ap.add_argument("--out", type=Path, help="JSON output file (under out/)")
    args = ap.parse_args()
    base, bearer = server_base()
    client = Client(base, bearer)
    meta = client.get(f"{base}/metadata")
    print(f"{meta.get('software', {}).get('name', 'FHIR server')} {meta.get('fhirVersion', '')} at {base}\n")
    result = run(client, args.sample)
    render(result)
    if args.out:
        target = args.out if args.out.is_absolute() else REPO_DIR / args.out
        if (REPO_DIR / "out").resolve() not in target.resolve().parents:
            sys.exit("--out must be inside out/")
        target.parent.mkdir(exist_ok=True, parents=True)
        target.write_text(json.dumps(result, indent=2))
        print(f"\nwritten {target.relative_to(REPO_DIR)}")
    return 1 if result["dangling"] else 0


if __name__ == "__main__":
    sys.exit(main())
