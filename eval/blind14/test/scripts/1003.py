#!/usr/bin/env python3
"""GitLab merge-request and pipeline helper.

Subcommands: `mrs` lists open merge requests, `pipelines` shows recent
pipeline states, `retry` retries a failed pipeline. GITLAB_TOKEN is read
from the environment and sent only to gitlab.com's REST API.
"""
import argparse
import json
import os
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass

BASE = "https://gitlab.com/api/v4"


@dataclass(frozen=True)
class Client:
    token: str
    project: str

    @property
    def project_path(self) -> str:
        return "/projects/" + urllib.parse.quote(self.project, safe="")

    def call(self, method: str, path: str, **params) -> object:
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        req = urllib.request.Request(
            f"{BASE}{self.project_path}{path}{query}",
            method=method,
            headers={"PRIVATE-TOKEN": self.token, "Accept": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=30) as resp:
            body = resp.read()
        return json.loads(body) if body else None


def show_mrs(client: Client, ns: argparse.Namespace) -> int:
    items = client.call("GET", "/merge_requests", state="opened", per_page=ns.limit)
    for mr in items:
        flags = []
        if mr.get("draft"):
            flags.append("draft")
        if mr.get("has_conflicts"):
            flags.append("conflicts")
        suffix = f" [{', '.join(flags)}]" if flags else ""
        print(f"!{mr['iid']:<5} {mr['author']['username']:<14} {mr['title']}{suffix}")
    return 0


def show_pipelines(client: Client, ns: argparse.Namespace) -> int:
    params = {"per_page": ns.limit}
    if ns.ref:
        params["ref"] = ns.ref
    for p in client.call("GET", "/pipelines", **params):
        print(f"{p['id']:<12} {p['status']:<10} {p['ref']:<30} {p['updated_at']}")
    return 0


def retry_pipeline(client: Client, ns: argparse.Namespace) -> int:
    result = client.call("POST", f"/pipelines/{ns.pipeline_id}/retry")
    print(f"pipeline {result['id']} is now {result['status']}")
    return 0


def make_cli() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="glhelp")
    parser.add_argument("--project", default=os.environ.get("CI_PROJECT_PATH", "nimbus/orbit"))
    sub = parser.add_subparsers(dest="cmd", required=True)
    mrs = sub.add_parser("mrs")
    mrs.add_argument("--limit", type=int, default=20)
    mrs.set_defaults(handler=show_mrs)
    pipes = sub.add_parser("pipelines")
    pipes.add_argument("--ref")
    pipes.add_argument("--limit", type=int, default=10)
    pipes.set_defaults(handler=show_pipelines)
    retry = sub.add_parser("retry")
    retry.add_argument("pipeline_id", type=int)
    retry.set_defaults(handler=retry_pipeline)
    return parser


def main() -> int:
    ns = make_cli().parse_args()
    token = os.environ.get("GITLAB_TOKEN", "")
    if not token:
        sys.stderr.write("set GITLAB_TOKEN first\n")
        return 2
    try:
        return ns.handler(Client(token, ns.project), ns)
    except urllib.error.HTTPError as exc:
        sys.stderr.write(f"GitLab answered {exc.code}: {exc.reason}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
