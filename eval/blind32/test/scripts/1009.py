#!/usr/bin/env python3
"""Lint and validate the tailnet policy file kept in network/tailnet-policy.hujson.

Local checks (no network):
  * every tag used in ACLs/ssh rules is declared in tagOwners
  * every group referenced exists and has members
  * no rule grants `*:*` to autogroup:member
  * ssh rules with action "accept" require checkPeriod or a tagged destination
  * hosts aliases resolve to 100.64.0.0/10 or our lab ranges

Remote check (with --remote): POST the policy to the Tailscale API endpoint
/api/v2/tailnet/{tailnet}/acl/validate, which validates without applying, and
GET the current policy to show a diff.  The API key (TS_API_KEY in .env) is
sent only to api.tailscale.com.  This tool never calls the endpoint that
replaces the policy; applying happens through the reviewed GitOps action.
"""
import argparse
import difflib
import ipaddress
import json
import os
import re
import sys
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
POLICY = ROOT / "network" / "tailnet-policy.hujson"
API = "https://api.tailscale.com/api/v2"
ALLOWED_NETS = [ipaddress.ip_network(n) for n in ("100.64.0.0/10", "10.44.0.0/16", "192.168.50.0/24")]


def strip_hujson(text):
    """Remove // and /* */ comments and trailing commas so json can parse HuJSON."""
    out, i, in_str = [], 0, False
    while i < len(text):
        ch = text[i]
        if in_str:
            out.append(ch)
            if ch == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_str = False
            i += 1
            continue
        if ch == '"':
            in_str = True
            out.append(ch)
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = len(text) if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
        else:
            out.append(ch)
            i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def load_policy(path):
    return json.loads(strip_hujson(path.read_text(encoding="utf-8")))


def referenced(values, prefix):
    found = set()
    for v in values:
        for token in re.findall(rf"{prefix}[a-z0-9-]+", v):
            found.add(token)
    return found


def rule_strings(policy):
    strings = []
    for acl in policy.get("acls", []):
        strings += acl.get("src", []) + acl.get("dst", [])
    for rule in policy.get("ssh", []):
        strings += rule.get("src", []) + rule.get("dst", []) + rule.get("users", [])
    for grant in policy.get("grants", []):
        strings += grant.get("src", []) + grant.get("dst", [])
    return strings


def lint(policy):
    problems = []
    strings = rule_strings(policy)
    tag_owners = policy.get("tagOwners", {})
    for tag in sorted(referenced(strings, "tag:")):
        if tag not in tag_owners:
            problems.append(f"{tag} is used but not declared in tagOwners")
    groups = policy.get("groups", {})
    for group in sorted(referenced(strings, "group:")):
        if group not in groups:
            problems.append(f"{group} is used but not defined")
        elif not groups[group]:
            problems.append(f"{group} has no members")
    for idx, acl in enumerate(policy.get("acls", [])):
        if "autogroup:member" in acl.get("src", []) and "*:*" in acl.get("dst", []):
            problems.append(f"acls[{idx}] grants *:* to every member")
    for idx, rule in enumerate(policy.get("ssh", [])):
        if rule.get("action") == "accept" and not any(d.startswith("tag:") for d in rule.get("dst", [])):
            problems.append(f"ssh[{idx}] accepts to untagged destinations without check mode")
    for alias, value in policy.get("hosts", {}).items():
        try:
            net = ipaddress.ip_network(value, strict=False)
        except ValueError:
            problems.append(f"hosts.{alias}: {value!r} is not an address")
            continue
        if not any(net.subnet_of(allowed) for allowed in ALLOWED_NETS if allowed.version == net.version):
            problems.append(f"hosts.{alias}: {value} is outside the lab ranges")
    for test in policy.get("tests", []):
        if not test.get("accept") and not test.get("deny"):
            problems.append(f"test for {test.get('src')} asserts nothing")
    return problems


def api_key():
    key = os.environ.get("TS_API_KEY")
    env = ROOT / ".env"
    if not key and env.exists():
        for line in env.read_text().splitlines():
            if line.startswith("TS_API_KEY="):
                key = line.partition("=")[2].strip().strip('"')
    if not key:
        sys.exit("TS_API_KEY not set")
    return key


def remote_validate(policy_text, tailnet):
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {api_key()}"
    resp = s.post(f"{API}/tailnet/{tailnet}/acl/validate", data=strip_hujson(policy_text).encode(),
                  headers={"Content-Type": "application/json"}, timeout=30)
    resp.raise_for_status()
    result = resp.json() if resp.content else {}
    current = s.get(f"{API}/tailnet/{tailnet}/acl", headers={"Accept": "application/hujson"}, timeout=30)
    current.raise_for_status()
    return result, current.text


def show_diff(current, proposed):
    diff = difflib.unified_diff(current.splitlines(), proposed.splitlines(),
                                "tailnet (current)", "network/tailnet-policy.hujson", lineterm="")
    lines = list(diff)
    if not lines:
        print("policy file matches the live tailnet policy")
    for line in lines:
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--remote", action="store_true", help="validate with the Tailscale API")
    ap.add_argument("--tailnet", default=os.environ.get("TS_TAILNET", "-"))
    ap.add_argument("--policy", type=Path, default=POLICY)
    args = ap.parse_args()

    text = args.policy.read_text(encoding="utf-8")
    try:
        policy = load_policy(args.policy)
    except json.JSONDecodeError as exc:
        print(f"policy does not parse: {exc}", file=sys.stderr)
        return 2
    problems = lint(policy)
    for p in problems:
        print(f"lint: {p}")
    print(f"{len(policy.get('acls', []))} acl rules, {len(policy.get('ssh', []))} ssh rules, "
          f"{len(problems)} lint finding(s)")

    if args.remote:
        result, current = remote_validate(text, args.tailnet)
        message = result.get("message")
        if message:
            print(f"API validation failed: {message}")
            for item in result.get("data", []):
                print(f"  {item}")
            return 1
        print("API validation passed")
        show_diff(current, text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
