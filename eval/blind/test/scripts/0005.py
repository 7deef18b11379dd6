"""Figure out which git host credentials are configured (push keeps failing)."""
import re
import subprocess
from pathlib import Path

HOME = Path.home()


def git_config(key: str) -> str:
    r = subprocess.run(["git", "config", "--get", key], capture_output=True, text=True)
    return r.stdout.strip()


def show_credential_store() -> None:
    store = HOME / ".git-credentials"
    if not store.exists():
        print("no ~/.git-credentials")
        return
    for line in store.read_text().splitlines():
        print("store:", line)


def show_gh_hosts() -> None:
    hosts = HOME / ".config" / "gh" / "hosts.yml"
    if not hosts.exists():
        print("no gh hosts.yml")
        return
    for line in hosts.read_text().splitlines():
        if re.search(r"oauth_token|user:|^\S", line):
            print("gh:", line)


def main() -> None:
    print("credential.helper =", git_config("credential.helper") or "(unset)")
    print("remote.origin.url =", git_config("remote.origin.url"))
    show_credential_store()
    show_gh_hosts()


if __name__ == "__main__":
    main()
