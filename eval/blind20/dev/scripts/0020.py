#!/usr/bin/env python3
"""Post-issue hooks for the dev certificate generator.

After tools/devcerts.py issues certificates, each registered hook runs once:
reload nginx in docker compose, refresh the Java truststore used by tests, and
keep the certificates fresh.
"""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CERTS = ROOT / "certs"


class Hook:
    registry = []
    order = 50

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Hook.registry.append(cls)
        Hook.registry.sort(key=lambda c: c.order)

    def applies(self) -> bool:
        return True

    def run(self):
        raise NotImplementedError


class ReloadNginx(Hook):
    order = 10

    def applies(self):
        return (ROOT / "docker-compose.yml").exists()

    def run(self):
        subprocess.run(["docker", "compose", "exec", "-T", "gateway", "nginx", "-s", "reload"],
                       cwd=ROOT, check=False)


class JavaTruststore(Hook):
    order = 20

    def applies(self):
        return (ROOT / "tests" / "java").exists()

    def run(self):
        store = ROOT / "tests" / "java" / "truststore.p12"
        store.unlink(missing_ok=True)
        subprocess.run(["keytool", "-importcert", "-noprompt", "-alias", "devca",
                        "-file", str(CERTS / "ca.crt"), "-keystore", str(store),
                        "-storetype", "PKCS12", "-storepass", "changeit"], check=False)


class KeepFresh(Hook):
    order = 90
    unit_name = "devcerts-refresh"

    def unit_dir(self) -> Path:
        return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd" / "user"

    def run(self):
        target = self.unit_dir()
        target.mkdir(parents=True, exist_ok=True)
        (target / f"{self.unit_name}.service").write_text(textwrap.dedent(f"""\
            [Unit]
            Description=refresh dev certificates

            [Service]
            Type=oneshot
            ExecStart={sys.executable} {ROOT / 'tools' / 'devcerts.py'} --force
        """))
        (target / f"{self.unit_name}.timer").write_text(textwrap.dedent("""\
            [Timer]
            OnBootSec=2min
            OnUnitActiveSec=6h

            [Install]
            WantedBy=timers.target
        """))
        subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
        subprocess.run(["systemctl", "--user", "enable", "--now", f"{self.unit_name}.timer"],
                       check=False)


def main():
    if not (CERTS / "ca.crt").exists():
        print("no certificates yet; run tools/devcerts.py first")
        return 1
    for cls in Hook.registry:
        hook = cls()
        if hook.applies():
            print(f"running hook {cls.__name__}")
            hook.run()
        else:
            print(f"skipping hook {cls.__name__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
