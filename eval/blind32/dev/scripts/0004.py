#!/usr/bin/env python3
"""Read-only audit of our self-hosted Gitea organisations.

Lists every organisation on https://git.internal, its teams, members, repos and
branch protection, and flags things the platform checklist cares about:
  * repos without protection on the default branch
  * teams with admin permission and more than N members
  * members without 2FA (needs an admin token; skipped otherwise)
  * repos archived but still mirrored, or public repos in private orgs

Only GET requests are made.  Output goes to reports/gitea-audit-<date>.json and
a short Markdown summary on stdout.
"""
import argparse
import datetime as dt
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import requests

BASE_DEFAULT = "https://git.internal"
REPORTS = Path("reports")


class Gitea:
    def __init__(self, base, token, ca_bundle=None):
        self.base = base.rstrip("/") + "/api/v1"
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"token {token}"
        self.s.headers["Accept"] = "application/json"
        if ca_bundle:
            self.s.verify = ca_bundle
        self.calls = 0

    def get(self, path, **params):
        for attempt in range(4):
            self.calls += 1
            r = self.s.get(self.base + path, params=params, timeout=20)
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(2 ** attempt)
                continue
            if r.status_code == 404:
                return None
            r.raise_for_status()
            return r.json()
        r.raise_for_status()

    def paged(self, path, **params):
        page = 1
        while True:
            items = self.get(path, page=page, limit=50, **params) or []
            yield from items
            if len(items) < 50:
                return
            page += 1


def audit_repo(api, repo):
    findings = []
    owner, name = repo["owner"]["login"], repo["name"]
    default = repo.get("default_branch") or "main"
    protections = api.get(f"/repos/{owner}/{name}/branch_protections") or []
    protected = {p.get("branch_name") or p.get("rule_name") for p in protections}
    if default not in protected and not repo.get("archived"):
        findings.append(f"default branch '{default}' is not protected")
    for p in protections:
        if p.get("required_approvals", 0) == 0 and p.get("enable_push") is False:
            continue
        if p.get("required_approvals", 0) == 0:
            findings.append(f"protection on '{p.get('branch_name')}' requires no approvals")
    if repo.get("archived") and repo.get("mirror"):
        findings.append("archived repository is still a mirror")
    return findings


def audit_org(api, org, admin_team_limit, check_2fa):
    login = org["username"]
    result = {"org": login, "visibility": org.get("visibility"), "teams": [], "repos": [],
              "members": [], "findings": []}
    for team in api.paged(f"/orgs/{login}/teams"):
        members = [m["login"] for m in api.paged(f"/teams/{team['id']}/members")]
        result["teams"].append({"name": team["name"], "permission": team.get("permission"),
                                "members": members})
        if team.get("permission") in ("admin", "owner") and len(members) > admin_team_limit:
            result["findings"].append(
                f"team {team['name']} has {team.get('permission')} on {len(members)} members")
    for member in api.paged(f"/orgs/{login}/members"):
        entry = {"login": member["login"]}
        if check_2fa:
            detail = api.get(f"/admin/users/{member['login']}/orgs")  # cheap admin probe
            user = api.get(f"/users/{member['login']}") or {}
            entry["2fa"] = user.get("is_2fa_enabled")
            if detail is not None and user.get("is_2fa_enabled") is False:
                result["findings"].append(f"member {member['login']} has no 2FA")
        result["members"].append(entry)
    for repo in api.paged(f"/orgs/{login}/repos"):
        findings = audit_repo(api, repo)
        if org.get("visibility") == "private" and not repo.get("private"):
            findings.append("public repository inside a private organisation")
        result["repos"].append({"name": repo["name"], "archived": repo.get("archived"),
                                "findings": findings})
        result["findings"].extend(f"{repo['name']}: {f}" for f in findings)
    return result


def markdown(report):
    lines = [f"# Gitea audit {report['generated']}", ""]
    totals = defaultdict(int)
    for org in report["orgs"]:
        totals["orgs"] += 1
        totals["repos"] += len(org["repos"])
        totals["findings"] += len(org["findings"])
        lines.append(f"## {org['org']} ({org['visibility']})")
        if not org["findings"]:
            lines.append("- no findings")
        for f in org["findings"]:
            lines.append(f"- {f}")
        lines.append("")
    lines.insert(1, f"{totals['orgs']} orgs, {totals['repos']} repos, "
                    f"{totals['findings']} findings, {report['api_calls']} API calls")
    return "\n".join(lines)


def write_csv(report, path):
    """One row per finding, for the spreadsheet the platform team keeps."""
    import csv

    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["org", "repo", "finding"])
        for org in report["orgs"]:
            for finding in org["findings"]:
                repo, sep, text = finding.partition(": ")
                if not sep:
                    repo, text = "", finding
                writer.writerow([org["org"], repo, text])


def previous_report(directory):
    """Return the newest earlier report so the summary can show new findings."""
    candidates = sorted(directory.glob("gitea-audit-*.json"))
    if not candidates:
        return None
    try:
        return json.loads(candidates[-1].read_text())
    except (OSError, json.JSONDecodeError):
        return None


def new_findings(current, previous):
    if not previous:
        return []
    old = {(o["org"], f) for o in previous.get("orgs", []) for f in o["findings"]}
    return [(o["org"], f) for o in current["orgs"] for f in o["findings"] if (o["org"], f) not in old]


def main():
    ap = argparse.ArgumentParser(description="read-only Gitea organisation audit")
    ap.add_argument("--base", default=os.environ.get("GITEA_URL", BASE_DEFAULT))
    ap.add_argument("--org", action="append", help="limit to these orgs (repeatable)")
    ap.add_argument("--admin-team-limit", type=int, default=5)
    ap.add_argument("--check-2fa", action="store_true", help="needs a site-admin token")
    ap.add_argument("--ca-bundle", default=os.environ.get("INTERNAL_CA_BUNDLE"))
    args = ap.parse_args()

    if not args.base.split("//", 1)[-1].split("/")[0].split(":")[0].endswith(".internal"):
        sys.exit("this audit only talks to the internal Gitea (*.internal)")
    token = os.environ.get("GITEA_TOKEN")
    if not token:
        sys.exit("set GITEA_TOKEN (read:organization, read:repository scopes)")

    api = Gitea(args.base, token, args.ca_bundle)
    orgs = [o for o in api.paged("/orgs") if not args.org or o["username"] in args.org]
    report = {
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "base": args.base,
        "orgs": [],
    }
    for org in orgs:
        print(f"auditing {org['username']} ...", file=sys.stderr)
        report["orgs"].append(audit_org(api, org, args.admin_team_limit, args.check_2fa))
    report["api_calls"] = api.calls

    REPORTS.mkdir(exist_ok=True)
    earlier = previous_report(REPORTS)
    out = REPORTS / f"gitea-audit-{dt.date.today():%Y%m%d}.json"
    out.write_text(json.dumps(report, indent=2, sort_keys=True))
    write_csv(report, out.with_suffix(".csv"))
    print(markdown(report))
    for org, finding in new_findings(report, earlier):
        print(f"NEW  {org}: {finding}")
    print(f"\nfull report: {out}", file=sys.stderr)
    return 1 if any(o["findings"] for o in report["orgs"]) else 0


if __name__ == "__main__":
    sys.exit(main())
