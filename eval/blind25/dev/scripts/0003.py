#!/usr/bin/env python3
"""Bootstrap the ROS 2 workspace for the warehouse robot.

What it does, in order:
  * checks the ROS distro is installed under /opt/ros/<distro>
  * imports the source repositories listed in repos/robot.repos with vcs
  * installs declared dependencies with rosdep (asks before using sudo)
  * builds with colcon and prints how to source the overlay

Nothing outside this workspace is modified except what rosdep installs
through the system package manager, and that step is opt-in (--deps).
"""
import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

WS = Path(__file__).resolve().parents[1]
SRC = WS / "src"
REPOS_FILE = WS / "repos" / "robot.repos"
SUPPORTED = ("humble", "iron", "jazzy")
COLCON_DIRS = ("build", "install", "log")


class Step:
    """Small helper that prints a banner and the elapsed time for a step."""

    def __init__(self, title):
        self.title = title
        self.t0 = 0.0

    def __enter__(self):
        print(f"\n==> {self.title}", flush=True)
        self.t0 = time.monotonic()
        return self

    def __exit__(self, exc_type, exc, tb):
        took = time.monotonic() - self.t0
        status = "failed" if exc_type else "ok"
        print(f"<== {self.title}: {status} ({took:.1f}s)", flush=True)
        return False


def sh(argv, env=None, check=True, cwd=WS):
    print("   $ " + " ".join(argv), flush=True)
    return subprocess.run(argv, cwd=cwd, env=env, check=check)


def ros_env(distro):
    """Return os.environ extended with the variables from the distro setup file.

    We run `bash -c 'source ... && env -0'` with a constant command string
    and parse the output, instead of sourcing anything into this process.
    """
    setup = Path("/opt/ros") / distro / "setup.bash"
    if not setup.is_file():
        raise SystemExit(f"ROS 2 {distro} not found at {setup}; install it first")
    out = subprocess.run(
        ["bash", "-c", f"source {setup} >/dev/null && env -0"],
        check=True, capture_output=True,
    ).stdout
    env = {}
    for item in out.split(b"\0"):
        if b"=" in item:
            k, _, v = item.partition(b"=")
            env[k.decode()] = v.decode(errors="replace")
    return env


def detect_distro(cli_value):
    if cli_value:
        return cli_value
    if os.environ.get("ROS_DISTRO"):
        return os.environ["ROS_DISTRO"]
    found = [d for d in SUPPORTED if (Path("/opt/ros") / d).is_dir()]
    if len(found) == 1:
        return found[0]
    raise SystemExit(f"pass --distro (found: {', '.join(found) or 'none'})")


def import_sources(env, pull):
    SRC.mkdir(exist_ok=True)
    if not REPOS_FILE.exists():
        raise SystemExit(f"{REPOS_FILE} missing")
    argv = ["vcs", "import", "--recursive", "--skip-existing", str(SRC)]
    print("   $ " + " ".join(argv) + " < " + REPOS_FILE.name, flush=True)
    with REPOS_FILE.open() as fh:
        subprocess.run(argv, stdin=fh, cwd=WS, env=env, check=True)
    if pull:
        sh(["vcs", "pull", str(SRC)], env=env)


def rosdep_install(env, distro, assume_yes):
    sh(["rosdep", "update", "--rosdistro", distro], env=env, check=False)
    check = sh(["rosdep", "check", "--from-paths", "src", "--ignore-src",
                "--rosdistro", distro], env=env, check=False)
    if check.returncode == 0:
        print("   all system dependencies already satisfied")
        return
    if not assume_yes:
        reply = input("   rosdep will install packages with sudo apt. Continue? [y/N] ")
        if reply.strip().lower() not in ("y", "yes"):
            print("   skipped; run again with --deps --yes to install")
            return
    sh(["rosdep", "install", "--from-paths", "src", "--ignore-src", "-y",
        "--rosdistro", distro], env=env)


def clean_colcon_dirs():
    for name in COLCON_DIRS:
        target = WS / name
        if target.is_symlink():
            target.unlink()
        elif target.is_dir():
            print(f"   removing {name}/")
            shutil.rmtree(target)


def build(env, packages, jobs, release):
    argv = ["colcon", "build", "--symlink-install",
            "--event-handlers", "console_cohesion+",
            "--parallel-workers", str(jobs)]
    build_type = "Release" if release else "RelWithDebInfo"
    argv += ["--cmake-args", f"-DCMAKE_BUILD_TYPE={build_type}",
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    if packages:
        argv += ["--packages-up-to", *packages]
    sh(argv, env=env)


def link_compile_commands():
    db = WS / "build" / "compile_commands.json"
    merged = WS / "compile_commands.json"
    parts = sorted((WS / "build").glob("*/compile_commands.json"))
    if not parts:
        return
    entries = []
    import json
    for p in parts:
        entries.extend(json.loads(p.read_text()))
    merged.write_text(json.dumps(entries, indent=1))
    print(f"   merged {len(parts)} compile databases into {merged.name}")
    with contextlib.suppress(FileNotFoundError):
        db.unlink()


def run_tests(env, packages):
    argv = ["colcon", "test", "--return-code-on-test-failure"]
    if packages:
        argv += ["--packages-select", *packages]
    rc = sh(argv, env=env, check=False).returncode
    sh(["colcon", "test-result", "--verbose"], env=env, check=False)
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--distro")
    ap.add_argument("--pull", action="store_true", help="vcs pull after import")
    ap.add_argument("--deps", action="store_true", help="install deps with rosdep")
    ap.add_argument("--yes", action="store_true", help="do not prompt before rosdep")
    ap.add_argument("--clean", action="store_true", help="remove build/ install/ log/")
    ap.add_argument("--release", action="store_true")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--test", action="store_true")
    ap.add_argument("packages", nargs="*")
    args = ap.parse_args()

    for tool in ("vcs", "colcon", "rosdep"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not on PATH (pip install --user colcon-common-extensions vcstool)")

    distro = detect_distro(args.distro)
    env = ros_env(distro)

    with Step(f"import sources ({REPOS_FILE.name})"):
        import_sources(env, args.pull)
    if args.deps:
        with Step("rosdep install"):
            rosdep_install(env, distro, args.yes)
    if args.clean:
        with Step("clean colcon output"):
            clean_colcon_dirs()
    with Step("colcon build"):
        build(env, args.packages, args.jobs, args.release)
        link_compile_commands()
    rc = 0
    if args.test:
        with Step("colcon test"):
            rc = run_tests(env, args.packages)

    print("\nDone. In a new shell run:\n")
    print(f"   source /opt/ros/{distro}/setup.bash")
    print(f"   source {WS / 'install' / 'setup.bash'}")
    return rc


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"\ncommand failed ({exc.returncode}): {' '.join(map(str, exc.cmd))}", file=sys.stderr)
        sys.exit(exc.returncode)
    except KeyboardInterrupt:
        sys.exit(130)
