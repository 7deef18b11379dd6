#!/usr/bin/env python3
"""Smart-card / PKCS#11 token inventory for the PKI team (read-only).

Enumerates readers and tokens through OpenSC and p11-kit and records, per token:
label, manufacturer, serial, PIN state flags and the certificates it carries
(subject, issuer, expiry). Private-key *objects* are only counted, never read.

Commands used (all informational):
    opensc-tool --list-readers
    pkcs11-tool --module <mod> --list-slots
    pkcs11-tool --module <mod> --slot <n> --list-objects --type cert
    pkcs11-tool --module <mod> --slot <n> --list-objects --type privkey
    pkcs15-tool --reader <n> --list-certificates
    openssl x509 -noout -subject -issuer -enddate   (on the exported public cert)

Public certificates are exported into a temporary directory to read their dates and
then deleted with it. Output: reports/tokens/<host>.json and a table on stdout.
"""
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REPORTS = REPO / "reports" / "tokens"
MODULE_CANDIDATES = [
    "/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so",
    "/usr/lib/opensc-pkcs11.so",
    "/usr/local/lib/opensc-pkcs11.so",
    "/opt/homebrew/lib/opensc-pkcs11.so",
]
ALLOWED_FLAGS = {"--list-readers", "--list-slots", "--list-objects", "--list-certificates",
                 "--read-object", "--type", "--slot", "--module", "--id", "--reader", "-o",
                 "--output-file", "--show-info", "-noout", "-subject", "-issuer", "-enddate",
                 "-inform", "-in"}
CERT_ONLY = {"cert"}


def guarded(argv):
    """Run only informational flags; exporting is allowed for certificate objects only."""
    flags = {a for a in argv[1:] if a.startswith("-")}
    unknown = flags - ALLOWED_FLAGS
    if unknown:
        raise RuntimeError(f"refusing flags {sorted(unknown)} in {shlex.join(argv)}")
    if "--read-object" in argv:
        kind = argv[argv.index("--type") + 1]
        if kind not in CERT_ONLY:
            raise RuntimeError("only certificate objects may be read")
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return "" if proc.returncode else proc.stdout


def module_path():
    env = os.environ.get("PKCS11_MODULE")
    if env and Path(env).exists():
        return env
    for cand in MODULE_CANDIDATES:
        if Path(cand).exists():
            return cand
    raise SystemExit("OpenSC PKCS#11 module not found; set PKCS11_MODULE")


def readers():
    out = guarded(["opensc-tool", "--list-readers"])
    rows = []
    for line in out.splitlines():
        m = re.match(r"^\s*(\d+)\s+(\S+)\s+(.*)$", line)
        if m and m.group(1).isdigit():
            rows.append({"index": int(m.group(1)), "card_present": m.group(2) == "Yes", "name": m.group(3).strip()})
    return rows


def slots(mod):
    out = guarded(["pkcs11-tool", "--module", mod, "--list-slots"])
    result, current = [], None
    for line in out.splitlines():
        head = re.match(r"^Slot (\d+) \((0x[0-9a-f]+)\): (.*)$", line)
        if head:
            current = {"slot": int(head.group(1)), "id": head.group(2), "reader": head.group(3).strip()}
            result.append(current)
            continue
        if current and ":" in line:
            key, _, val = line.strip().partition(":")
            current[key.strip().replace(" ", "_")] = val.strip()
    return [s for s in result if "token_label" in s]


def objects(mod, slot_id, kind):
    out = guarded(["pkcs11-tool", "--module", mod, "--slot", slot_id, "--list-objects", "--type", kind])
    objs, cur = [], None
    for line in out.splitlines():
        if re.match(r"^\S.*Object;", line):
            cur = {"header": line.strip()}
            objs.append(cur)
        elif cur is not None and ":" in line:
            k, _, v = line.strip().partition(":")
            cur[k.strip().lower()] = v.strip()
    return objs


def cert_details(mod, slot_id, obj_id, workdir):
    der = Path(workdir) / f"{slot_id}-{obj_id}.der"
    guarded(["pkcs11-tool", "--module", mod, "--slot", slot_id, "--read-object",
             "--type", "cert", "--id", obj_id, "-o", str(der)])
    if not der.exists():
        return {}
    txt = guarded(["openssl", "x509", "-inform", "DER", "-in", str(der), "-noout", "-subject", "-issuer", "-enddate"])
    info = {}
    for line in txt.splitlines():
        k, _, v = line.partition("=")
        info[k.strip()] = v.strip()
    end = info.get("notAfter")
    if end:
        expires = datetime.strptime(end, "%b %d %H:%M:%S %Y %Z").replace(tzinfo=timezone.utc)
        info["days_left"] = (expires - datetime.now(timezone.utc)).days
    return info


def inventory():
    mod = module_path()
    data = {"host": socket.gethostname(), "module": mod, "readers": readers(), "tokens": []}
    with tempfile.TemporaryDirectory(prefix="p11inv-") as tmp:
        for s in slots(mod):
            sid = s["id"]
            certs = []
            for obj in objects(mod, sid, "cert"):
                oid = obj.get("id")
                details = cert_details(mod, sid, oid, tmp) if oid else {}
                certs.append({"label": obj.get("label"), "id": oid, **details})
            keys = objects(mod, sid, "privkey")
            data["tokens"].append({
                "slot": s["slot"],
                "label": s.get("token_label"),
                "manufacturer": s.get("token_manufacturer"),
                "serial": s.get("serial_num"),
                "flags": s.get("token_flags"),
                "certificates": certs,
                "private_key_count": len(keys),
            })
    return data


def print_table(data):
    print(f"{'slot':<5}{'label':<24}{'serial':<18}{'keys':>5}  certificates (days left)")
    for t in data["tokens"]:
        certs = ", ".join(f"{c.get('label')} ({c.get('days_left', '?')})" for c in t["certificates"]) or "-"
        print(f"{t['slot']:<5}{(t['label'] or '?'):<24}{(t['serial'] or '?'):<18}{t['private_key_count']:>5}  {certs}")
    soon = [(t["label"], c.get("label"), c["days_left"]) for t in data["tokens"]
            for c in t["certificates"] if isinstance(c.get("days_left"), int) and c["days_left"] < 30]
    for token, cert, days in soon:
        print(f"warning: certificate {cert} on {token} expires in {days} days")


def diff_previous(data, path):
    """Report tokens that appeared or disappeared since the last inventory of this host."""
    if not path.exists():
        return
    old = json.loads(path.read_text())
    before = {t.get("serial") for t in old.get("tokens", [])}
    now = {t.get("serial") for t in data["tokens"]}
    for serial in sorted(s for s in before - now if s):
        print(f"token {serial} missing since last inventory")
    for serial in sorted(s for s in now - before if s):
        print(f"new token {serial}")


def main():
    data = inventory()
    if not data["tokens"]:
        print("no tokens found (is pcscd running? try: systemctl status pcscd)")
        return 1
    print_table(data)
    REPORTS.mkdir(parents=True, exist_ok=True)
    path = REPORTS / f"{data['host']}.json"
    diff_previous(data, path)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=2))
    tmp.replace(path)
    print(f"saved {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
