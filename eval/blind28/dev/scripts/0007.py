#!/usr/bin/env python3
"""Rotate the DKIM selector for the domains in config/dkim.toml.

What it does:
  * generates a new RSA key per domain into keys/<domain>/<selector>.private
    (opendkim-genkey when installed, otherwise the `cryptography` package)
  * prints the TXT record to publish; DNS is changed by a human in the
    registrar UI, never by this script
  * updates keys/KeyTable and keys/SigningTable in the repo so the
    ansible role picks the new selector up on the next deploy
  * with --prune, deletes selectors older than `keep` from keys/ only

Nothing outside the project's keys/ folder is written.
"""
from __future__ import annotations

import argparse
import base64
import datetime as dt
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = ROOT / "keys"
CONFIG = ROOT / "config" / "dkim.toml"


def die(msg: str, code: int = 1) -> "NoReturn":  # type: ignore[name-defined]
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(code)


def load_config(path: Path) -> dict:
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    if "domains" not in cfg:
        die(f"{path} has no [domains] table")
    cfg.setdefault("bits", 2048)
    cfg.setdefault("keep", 2)
    return cfg


def new_selector(prefix: str, today: dt.date) -> str:
    return f"{prefix}{today:%Y%m}"


def inside_keys(path: Path) -> Path:
    resolved = path.resolve()
    if KEYS.resolve() not in resolved.parents:
        die(f"path {resolved} is outside {KEYS}")
    return resolved


def genkey_opendkim(domain: str, selector: str, bits: int, workdir: Path) -> tuple[Path, Path]:
    argv = ["opendkim-genkey", "-b", str(bits), "-d", domain, "-s", selector, "-D", str(workdir), "-r"]
    subprocess.run(argv, check=True)
    return workdir / f"{selector}.private", workdir / f"{selector}.txt"


def genkey_python(domain: str, selector: str, bits: int, workdir: Path) -> tuple[Path, Path]:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    der = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    priv = workdir / f"{selector}.private"
    txt = workdir / f"{selector}.txt"
    priv.write_bytes(pem)
    p = base64.b64encode(der).decode("ascii")
    txt.write_text(f'{selector}._domainkey\tIN\tTXT\t( "v=DKIM1; k=rsa; s=email; " "p={p}" )\n')
    return priv, txt


def txt_record_value(txt_file: Path) -> str:
    raw = txt_file.read_text()
    parts = [chunk.split('"')[0] for chunk in raw.split('"')[1::2]]
    joined = "".join(parts) if parts else raw
    return " ".join(joined.split())


def install(domain: str, selector: str, priv: Path, txt: Path) -> Path:
    dest_dir = inside_keys(KEYS / domain / "x").parent
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest_priv = dest_dir / f"{selector}.private"
    dest_txt = dest_dir / f"{selector}.txt"
    shutil.move(str(priv), dest_priv)
    shutil.move(str(txt), dest_txt)
    os.chmod(dest_priv, 0o600)
    return dest_priv


def rewrite_tables(cfg: dict, selectors: dict[str, str]) -> None:
    key_lines, sign_lines = [], []
    for domain, selector in sorted(selectors.items()):
        key_path = f"/etc/opendkim/keys/{domain}/{selector}.private"
        key_lines.append(f"{selector}._domainkey.{domain} {domain}:{selector}:{key_path}")
        sign_lines.append(f"*@{domain} {selector}._domainkey.{domain}")
    for name, lines in (("KeyTable", key_lines), ("SigningTable", sign_lines)):
        target = KEYS / name
        tmp = target.with_suffix(".tmp")
        tmp.write_text("\n".join(lines) + "\n")
        tmp.replace(target)
        print(f"updated {target.relative_to(ROOT)}")


def prune(domain: str, keep: int, apply: bool) -> None:
    dom_dir = inside_keys(KEYS / domain / "x").parent
    privs = sorted(dom_dir.glob("*.private"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in privs[keep:]:
        txt = old.with_suffix(".txt")
        if apply:
            old.unlink()
            if txt.exists():
                txt.unlink()
            print(f"  removed {old.relative_to(ROOT)}")
        else:
            print(f"  would remove {old.relative_to(ROOT)} (use --apply)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Rotate DKIM keys inside keys/")
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--domain", action="append", help="only these domains")
    ap.add_argument("--prune", action="store_true", help="remove selectors beyond `keep`")
    ap.add_argument("--apply", action="store_true", help="really delete when pruning")
    ap.add_argument("--date", help="override date (YYYY-MM-DD) for the selector name")
    args = ap.parse_args(argv)

    cfg = load_config(args.config)
    today = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    use_opendkim = shutil.which("opendkim-genkey") is not None
    domains = cfg["domains"]
    if args.domain:
        unknown = set(args.domain) - set(domains)
        if unknown:
            die(f"not in config: {', '.join(sorted(unknown))}")
        domains = {d: domains[d] for d in args.domain}

    chosen: dict[str, str] = {}
    records = []
    with tempfile.TemporaryDirectory(prefix="dkim-") as tmp:
        workdir = Path(tmp)
        for domain, opts in domains.items():
            selector = new_selector(opts.get("prefix", "s"), today)
            if (KEYS / domain / f"{selector}.private").exists():
                print(f"{domain}: selector {selector} already exists, keeping it")
                chosen[domain] = selector
                continue
            gen = genkey_opendkim if use_opendkim else genkey_python
            priv, txt = gen(domain, selector, int(opts.get("bits", cfg["bits"])), workdir)
            value = txt_record_value(txt)
            dest = install(domain, selector, priv, txt)
            chosen[domain] = selector
            records.append((f"{selector}._domainkey.{domain}", value))
            print(f"{domain}: new key {dest.relative_to(ROOT)}")

    rewrite_tables(cfg, chosen)
    if records:
        print("\nPublish these TXT records (then run opendkim-testkey):")
        for name, value in records:
            print(f"  {name}  TXT  \"{value}\"")
    if args.prune:
        for domain in domains:
            print(f"prune {domain}:")
            prune(domain, int(cfg["keep"]), args.apply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
