#!/usr/bin/env python3
"""Inventory the network endpoints compiled into our own Android app.

The privacy review needs a list of every host the companion app can talk to.
This decompiles the release APK we build (app/build/outputs/apk/release/) with
jadx and apktool into build/apk-review/, then scans:

  * Java sources for string literals that look like URLs or host names,
  * res/xml/network_security_config.xml for domain-config entries,
  * AndroidManifest.xml for exported components and cleartext settings.

Output: reports/apk-endpoints.json plus a human summary. The decompiled
trees are regenerated on each run (the old ones are removed first, and only
inside build/apk-review/).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_APK = REPO / "app" / "build" / "outputs" / "apk" / "release" / "app-release.apk"
WORK = REPO / "build" / "apk-review"
REPORT = REPO / "reports" / "apk-endpoints.json"
ANDROID_NS = "{http://schemas.android.com/apk/res/android}"

URL_LITERAL = re.compile(r'"(https?|wss?)://([A-Za-z0-9.-]+)(:\d+)?(/[^"\s]*)?"')
HOST_LITERAL = re.compile(r'"([a-z0-9-]+(?:\.[a-z0-9-]+)+\.(?:com|net|org|io|dev|app|internal))"')
IGNORED_PACKAGES = ("androidx/", "com/google/", "kotlin/", "okhttp3/", "org/jetbrains/")


def fresh_workdir() -> None:
    resolved = WORK.resolve()
    if resolved.parent != (REPO / "build").resolve():
        raise SystemExit(f"unexpected work dir {resolved}")
    if resolved.exists():
        shutil.rmtree(resolved)
    resolved.mkdir(parents=True)


def decompile(apk: Path) -> tuple[Path, Path]:
    jadx_out = WORK / "jadx"
    apktool_out = WORK / "apktool"
    jadx = subprocess.run(["jadx", "--no-res", "--show-bad-code", "-d", str(jadx_out), str(apk)],
                          capture_output=True, text=True)
    if jadx.returncode not in (0, 1):  # jadx exits 1 when some methods fail to decompile
        raise SystemExit(f"jadx failed: {jadx.stderr[-500:]}")
    subprocess.run(["apktool", "d", "--no-src", "-f", "-o", str(apktool_out), str(apk)],
                   check=True, capture_output=True, text=True)
    return jadx_out / "sources", apktool_out


def scan_sources(src: Path) -> dict[str, dict]:
    hosts: dict[str, dict] = defaultdict(lambda: {"schemes": set(), "files": set(), "paths": set()})
    for java in src.rglob("*.java"):
        rel = java.relative_to(src).as_posix()
        if rel.startswith(IGNORED_PACKAGES):
            continue
        text = java.read_text(errors="replace")
        for scheme, host, _port, path in URL_LITERAL.findall(text):
            entry = hosts[host.lower()]
            entry["schemes"].add(scheme)
            entry["files"].add(rel)
            if path:
                entry["paths"].add(path.split("?")[0])
        for host in HOST_LITERAL.findall(text):
            hosts[host.lower()]["files"].add(rel)
    return hosts


def network_security_config(res_root: Path) -> dict:
    cfg = res_root / "res" / "xml" / "network_security_config.xml"
    if not cfg.exists():
        return {"present": False}
    tree = ET.parse(cfg)
    base = tree.find("base-config")
    domains = []
    for dc in tree.iter("domain-config"):
        cleartext = dc.get("cleartextTrafficPermitted", "inherit")
        for d in dc.iter("domain"):
            domains.append({"domain": d.text, "subdomains": d.get("includeSubdomains") == "true", "cleartext": cleartext})
    return {
        "present": True,
        "base_cleartext": base.get("cleartextTrafficPermitted") if base is not None else None,
        "user_certs_trusted": any(c.get("src") == "user" for c in tree.iter("certificates")),
        "domains": domains,
    }


def manifest_facts(res_root: Path) -> dict:
    tree = ET.parse(res_root / "AndroidManifest.xml")
    app = tree.find("application")
    exported = Counter()
    for kind in ("activity", "service", "receiver", "provider"):
        for node in tree.iter(kind):
            if node.get(f"{ANDROID_NS}exported") == "true":
                exported[kind] += 1
    return {
        "package": tree.getroot().get("package"),
        "uses_cleartext": app.get(f"{ANDROID_NS}usesCleartextTraffic") if app is not None else None,
        "debuggable": app.get(f"{ANDROID_NS}debuggable") if app is not None else None,
        "exported_components": dict(exported),
        "permissions": sorted(p.get(f"{ANDROID_NS}name") for p in tree.iter("uses-permission")),
    }


def write_markdown(report: dict) -> Path:
    """Short page for the privacy review wiki."""
    lines = [f"# Endpoints in {report['manifest'].get('package')}", ""]
    lines.append("| host | schemes | files | paths |")
    lines.append("|---|---|---:|---|")
    for host, info in report["hosts"].items():
        paths = ", ".join(info.get("paths", [])[:5])
        lines.append(f"| {host} | {', '.join(info.get('schemes', [])) or '-'} | {len(info.get('files', []))} | {paths} |")
    nsc = report["network_security_config"]
    lines += ["", "## Network security config", ""]
    if not nsc.get("present"):
        lines.append("_not present (platform defaults apply)_")
    else:
        lines.append(f"- base cleartext: {nsc.get('base_cleartext')}")
        lines.append(f"- user CAs trusted: {nsc.get('user_certs_trusted')}")
        for d in nsc.get("domains", []):
            lines.append(f"- {d['domain']} (subdomains: {d['subdomains']}, cleartext: {d['cleartext']})")
    target = REPORT.with_suffix(".md")
    target.write_text("\n".join(lines) + "\n")
    return target


def allowed_hosts() -> set[str]:
    path = REPO / "config" / "approved-hosts.txt"
    if not path.exists():
        return set()
    return {line.strip().lower() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--apk", type=Path, default=DEFAULT_APK)
    parser.add_argument("--keep", action="store_true", help="reuse an existing build/apk-review")
    args = parser.parse_args(argv)
    if not args.apk.exists():
        print(f"{args.apk} not found; run ./gradlew assembleRelease first", file=sys.stderr)
        return 2
    for tool in ("jadx", "apktool"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed", file=sys.stderr)
            return 2

    if args.keep and (WORK / "jadx").exists():
        src, res_root = WORK / "jadx" / "sources", WORK / "apktool"
    else:
        fresh_workdir()
        src, res_root = decompile(args.apk)

    hosts = scan_sources(src)
    approved = allowed_hosts()
    unapproved = sorted(h for h in hosts if approved and h not in approved)
    report = {
        "apk": str(args.apk.relative_to(REPO)) if args.apk.is_relative_to(REPO) else str(args.apk),
        "manifest": manifest_facts(res_root),
        "network_security_config": network_security_config(res_root),
        "hosts": {h: {k: sorted(v) for k, v in info.items()} for h, info in sorted(hosts.items())},
        "unapproved_hosts": unapproved,
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2))
    page = write_markdown(report)
    print(f"{len(hosts)} hosts referenced; report: {REPORT.relative_to(REPO)} and {page.relative_to(REPO)}")
    for h in unapproved:
        print(f"  not on the approved list: {h}")
    if report["manifest"]["debuggable"] == "true":
        print("  release build is debuggable!")
    return 1 if unapproved else 0


if __name__ == "__main__":
    sys.exit(main())
