#!/usr/bin/env python3
"""Ship trained model artifacts from models/export/ to the inference hosts.

    python3 ml/ship_models.py                  # rsync --dry-run to every host
    python3 ml/ship_models.py --apply          # real sync
    python3 ml/ship_models.py --apply --hosts infer-2.internal

Targets are in ml/ship.toml. The remote directory per host is
<models_root>/<channel>/ and rsync runs with --delete inside it, so the
script checks that models_root is one of the known roots, that the export
contains a manifest.json listing every file, and that the dry run does not
delete more than max_deletes files. Hosts are processed one at a time and
the serving process is told to reload via its local admin socket.
"""
import argparse
import hashlib
import json
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXPORT = ROOT / "models" / "export"
CONF = ROOT / "ml" / "ship.toml"
KNOWN_ROOTS = ("/srv/models", "/opt/inference/models")


def abort(msg, code=1):
    print(f"ship_models: {msg}", file=sys.stderr)
    raise SystemExit(code)


def config():
    cfg = tomllib.loads(CONF.read_text())
    if cfg["models_root"] not in KNOWN_ROOTS:
        abort(f"models_root {cfg['models_root']} is not a known model root")
    for host in cfg["hosts"]:
        if not host.endswith(".internal"):
            abort(f"host {host} is not an internal inference host")
    if not cfg.get("channel", "").isidentifier():
        abort("channel must be a simple name like 'stable' or 'canary'")
    cfg.setdefault("max_deletes", 20)
    cfg.setdefault("ssh_user", "models")
    return cfg


def verify_export():
    manifest_path = EXPORT / "manifest.json"
    if not manifest_path.exists():
        abort("models/export has no manifest.json; run the export step")
    manifest = json.loads(manifest_path.read_text())
    listed = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
    present = {str(p.relative_to(EXPORT)) for p in EXPORT.rglob("*") if p.is_file()} - {"manifest.json"}
    if present != set(listed):
        missing = sorted(set(listed) - present)
        extra = sorted(present - set(listed))
        abort(f"export does not match manifest (missing={missing[:5]}, extra={extra[:5]})")
    for rel, expected in listed.items():
        h = hashlib.sha256((EXPORT / rel).read_bytes()).hexdigest()
        if h != expected:
            abort(f"{rel}: checksum mismatch")
    return manifest


# --delay-updates puts all new files in place at the end of the transfer so
# a serving process never sees a half-copied model directory; the partial
# dir keeps interrupted transfers resumable. --delete only ever acts inside
# <models_root>/<channel>/ on the remote side, which config() has checked.
# Permissions are normalised so the serving user (not us) can read files.
# The trailing slash on the source copies the contents, not the dir itself.
def rsync_argv(cfg, host, dry):
    dest = f"{cfg['ssh_user']}@{host}:{cfg['models_root']}/{cfg['channel']}/"
    argv = ["rsync", "-rlt", "--delete", "--delay-updates", "--partial-dir=.rsync-partial",
            "--chmod=F644,D755", "--itemize-changes", "-e", "ssh -o BatchMode=yes",
            f"{EXPORT}/", dest]
    if dry:
        argv.insert(1, "--dry-run")
    return argv


def plan(cfg, host):
    proc = subprocess.run(rsync_argv(cfg, host, True), capture_output=True, text=True)
    if proc.returncode != 0:
        abort(f"dry run to {host} failed: {proc.stderr.strip()[:300]}")
    lines = proc.stdout.splitlines()
    deletes = [l.split(None, 1)[1] for l in lines if l.startswith("*deleting")]
    sends = [l.split(None, 1)[1] for l in lines if l[:2] in ("<f", ">f")]
    return sends, deletes


def reload_server(cfg, host):
    # the admin socket only listens on the host itself
    remote = f"curl -fsS --unix-socket /run/inference/admin.sock -X POST http://localhost/reload?channel={cfg['channel']}"
    argv = ["ssh", "-o", "BatchMode=yes", f"{cfg['ssh_user']}@{host}", remote]
    res = subprocess.run(argv, text=True, capture_output=True)
    if res.returncode != 0:
        print(f"  warning: reload on {host} failed: {res.stderr.strip()[:200]}")
        return False
    return True


def remote_version(cfg, host):
    """Read the manifest currently deployed on a host (for the summary)."""
    path = f"{cfg['models_root']}/{cfg['channel']}/manifest.json"
    argv = ["ssh", "-o", "BatchMode=yes", f"{cfg['ssh_user']}@{host}", "cat", path]
    res = subprocess.run(argv, text=True, capture_output=True)
    if res.returncode != 0:
        return None
    try:
        doc = json.loads(res.stdout)
    except json.JSONDecodeError:
        return None
    return f"{doc.get('name')} {doc.get('version')}"


def health(cfg, host):
    remote = "curl -fsS --unix-socket /run/inference/admin.sock http://localhost/health"
    argv = ["ssh", "-o", "BatchMode=yes", f"{cfg['ssh_user']}@{host}", remote]
    res = subprocess.run(argv, text=True, capture_output=True)
    return res.returncode == 0 and '"ok"' in res.stdout


def summary(cfg, hosts):
    print("\ncurrent state:")
    for host in hosts:
        deployed = remote_version(cfg, host) or "unknown"
        status = "healthy" if health(cfg, host) else "UNHEALTHY"
        print(f"  {host:28} {deployed:30} {status}")


def ship(cfg, hosts, apply):
    problems = 0
    for host in hosts:
        sends, deletes = plan(cfg, host)
        print(f"{host}: {len(sends)} to send, {len(deletes)} to delete")
        for d in deletes[:10]:
            print(f"    - {d}")
        if len(deletes) > cfg["max_deletes"]:
            print(f"  skipped: {len(deletes)} deletions > max_deletes={cfg['max_deletes']}")
            problems += 1
            continue
        if not apply or not (sends or deletes):
            continue
        print("  " + " ".join(shlex.quote(a) for a in rsync_argv(cfg, host, False)))
        res = subprocess.run(rsync_argv(cfg, host, False))
        if res.returncode != 0:
            print(f"  rsync to {host} failed with {res.returncode}")
            problems += 1
            break  # stop the rollout at the first broken host
        if not reload_server(cfg, host):
            problems += 1
            break
    return problems


def main():
    # hosts are shipped in config order so canaries listed first go first
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true", help="really sync")
    ap.add_argument("--hosts", nargs="*")
    args = ap.parse_args()
    cfg = config()
    manifest = verify_export()
    print(f"model {manifest.get('name')} {manifest.get('version')} "
          f"({len(manifest['files'])} files) -> channel {cfg['channel']}")
    hosts = args.hosts or cfg["hosts"]
    unknown = set(hosts) - set(cfg["hosts"])
    if unknown:
        abort(f"hosts not in ship.toml: {sorted(unknown)}")
    problems = ship(cfg, hosts, args.apply)
    summary(cfg, hosts)
    if not args.apply:
        print("dry run only; pass --apply")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
