#!/usr/bin/env python3
"""Generate and install shell completions for the project's `acmectl` CLI.

By default completions are written inside the repository (.completions/) and
the script prints the one line you need to source them. With --user they are
also installed into the per-user completion directories:

    bash: ~/.local/share/bash-completion/completions/acmectl
    zsh:  ~/.local/share/zsh/site-functions/_acmectl
    fish: ~/.config/fish/completions/acmectl.fish

Shell startup files are never edited; the script prints what to add instead.
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
LOCAL_DIR = PROJECT / ".completions"
PROG = "acmectl"
SHELLS = ("bash", "zsh", "fish")


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


USER_TARGETS = {
    "bash": lambda: data_home() / "bash-completion" / "completions" / PROG,
    "zsh": lambda: data_home() / "zsh" / "site-functions" / f"_{PROG}",
    "fish": lambda: config_home() / "fish" / "completions" / f"{PROG}.fish",
}

LOCAL_NAMES = {"bash": f"{PROG}.bash", "zsh": f"_{PROG}", "fish": f"{PROG}.fish"}

SOURCE_HINT = {
    "bash": 'source "{path}"',
    "zsh": 'fpath=("{dir}" $fpath); autoload -Uz compinit && compinit',
    "fish": 'source "{path}"',
}


def log(msg: str) -> None:
    print(f"completions: {msg}", file=sys.stderr)


def find_cli() -> list:
    """Prefer the project's own entry point so versions match."""
    venv_bin = PROJECT / ".venv" / "bin" / PROG
    if venv_bin.exists():
        return [str(venv_bin)]
    found = shutil.which(PROG)
    if found:
        return [found]
    return [sys.executable, "-m", "acme.cli"]


def generate(shell: str, cli: list) -> str:
    """The CLI is built with click; it emits its own completion scripts."""
    env = dict(os.environ)
    env[f"_{PROG.upper()}_COMPLETE"] = f"{shell}_source"
    res = subprocess.run(cli, env=env, capture_output=True, text=True, timeout=60)
    if res.returncode != 0 or not res.stdout.strip():
        raise RuntimeError(f"{shell}: completion generation failed: {res.stderr.strip()[:300]}")
    return res.stdout


def write_if_changed(path: Path, content: str) -> bool:
    path.parent.mkdir(exist_ok=True, parents=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, encoding="utf-8") as tmp:
        tmp.write(content)
        tmp_path = Path(tmp.name)
    if path.exists() and filecmp.cmp(tmp_path, path, shallow=False):
        tmp_path.unlink()
        return False
    os.replace(tmp_path, path)
    return True


def install_local(shells, cli) -> dict:
    written = {}
    for shell in shells:
        text = generate(shell, cli)
        path = LOCAL_DIR / LOCAL_NAMES[shell]
        changed = write_if_changed(path, text)
        log(f"{shell}: {'updated' if changed else 'unchanged'} {path.relative_to(PROJECT)}")
        written[shell] = path
    gitignore = LOCAL_DIR / ".gitignore"
    if not gitignore.exists():
        gitignore.write_text("*\n")
    return written


def install_user(written: dict) -> None:
    for shell, src in written.items():
        dest = USER_TARGETS[shell]()
        if dest.exists() and not dest.is_symlink():
            head = dest.read_text(errors="replace")[:200]
            if PROG not in head:
                log(f"{dest} exists and does not look like ours; skipping")
                continue
        dest.parent.mkdir(exist_ok=True, parents=True)
        shutil.copyfile(src, dest)
        log(f"{shell}: installed {dest}")


def uninstall_user(shells) -> None:
    for shell in shells:
        dest = USER_TARGETS[shell]()
        if dest.exists() and PROG in dest.read_text(errors="replace")[:200]:
            dest.unlink()
            log(f"{shell}: removed {dest}")


def hints(written: dict) -> None:
    print("\nTo enable completions for this checkout only, add to your shell rc:")
    for shell, path in written.items():
        print(f"  {shell}: " + SOURCE_HINT[shell].format(path=path, dir=path.parent))


def status(shells) -> None:
    """Show where completions exist for each shell, without changing anything."""
    for shell in shells:
        local = LOCAL_DIR / LOCAL_NAMES[shell]
        user = USER_TARGETS[shell]()
        state_local = "present" if local.exists() else "missing"
        if not user.exists():
            state_user = "missing"
        elif PROG in user.read_text(errors="replace")[:200]:
            state_user = "installed"
        else:
            state_user = "foreign file"
        print(f"{shell:5} local={state_local:8} user={state_user}")


def stale(written: dict) -> list:
    """Per-user copies that differ from the freshly generated local ones."""
    out = []
    for shell, src in written.items():
        dest = USER_TARGETS[shell]()
        if dest.exists() and not filecmp.cmp(src, dest, shallow=False):
            out.append(shell)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=f"manage {PROG} shell completions")
    ap.add_argument("--status", action="store_true", help="report where completions are installed")
    ap.add_argument("--shell", choices=SHELLS, action="append")
    ap.add_argument("--user", action="store_true", help="also install into per-user completion dirs")
    ap.add_argument("--uninstall", action="store_true", help="remove per-user completions we installed")
    ap.add_argument("--clean", action="store_true", help="delete .completions/")
    opts = ap.parse_args()
    shells = opts.shell or [Path(os.environ.get("SHELL", "bash")).name]
    shells = [s for s in shells if s in SHELLS] or ["bash"]
    if opts.status:
        status(shells)
        return 0
    if opts.clean:
        if LOCAL_DIR.exists():
            shutil.rmtree(LOCAL_DIR)
            log("removed .completions/")
        return 0
    if opts.uninstall:
        uninstall_user(shells)
        return 0
    cli = find_cli()
    try:
        written = install_local(shells, cli)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log(str(exc))
        return 1
    if opts.user:
        install_user(written)
        print("\nopen a new shell to pick up the per-user completions")
    else:
        hints(written)
        outdated = stale(written)
        if outdated:
            log(f"per-user completions are outdated for: {', '.join(outdated)} (re-run with --user)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
