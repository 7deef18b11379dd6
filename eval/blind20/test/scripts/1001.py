#!/usr/bin/env python3
"""k3d lifecycle for the harbor repository.

Subcommands
-----------
    create     create the harbor-dev cluster with a local registry
    import     build and import service images (tagged with the git sha)
    deploy     render deploy/k3d with kustomize and apply it
    destroy    delete harbor-dev and its registry (nothing else)
    doctor     print what exists and what the project expects

State lives in .state/k3d.json so repeated runs are idempotent. The cluster
name is fixed per repository; `destroy` refuses any cluster whose name does not
match the one recorded in the state file, which protects the developer's other
k3d clusters from a copy-pasted command.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

REPO = Path(__file__).resolve().parent.parent
STATE_FILE = REPO / ".state" / "k3d.json"
SERVICES = ("harbor-api", "harbor-indexer", "harbor-ui")


@dataclass
class ClusterState:
    name: str = "harbor-dev"
    registry: str = "harbor-registry.localhost"
    registry_port: int = 5055
    http_port: int = 8088
    agents: int = 2
    k3s_image: str = "rancher/k3s:v1.29.4-k3s1"
    created_at: float | None = None
    imported: dict = field(default_factory=dict)

    @property
    def context(self) -> str:
        return f"k3d-{self.name}"

    @classmethod
    def load(cls) -> "ClusterState":
        if STATE_FILE.exists():
            data = json.loads(STATE_FILE.read_text())
            return cls(**data)
        return cls()

    def save(self) -> None:
        STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
        tmp = STATE_FILE.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2, sort_keys=True))
        tmp.replace(STATE_FILE)


class CommandFailed(Exception):
    def __init__(self, argv: list[str], code: int, stderr: str):
        super().__init__(f"{argv[0]} {' '.join(argv[1:3])} exited {code}: {stderr.strip()[-400:]}")
        self.code = code


def sh(*argv: str, capture: bool = False, check: bool = True, cwd: Path = REPO) -> str:
    if not capture:
        print("$", " ".join(argv), file=sys.stderr)
    proc = subprocess.run(list(argv), cwd=cwd, text=True, capture_output=capture)
    if check and proc.returncode != 0:
        raise CommandFailed(list(argv), proc.returncode, proc.stderr if capture else "")
    return proc.stdout if capture else ""


def tools_present(names: Iterable[str]) -> list[str]:
    return [n for n in names if shutil.which(n) is None]


def k3d_clusters() -> list[dict]:
    return json.loads(sh("k3d", "cluster", "list", "-o", "json", capture=True) or "[]")


def k3d_registries() -> list[str]:
    out = sh("k3d", "registry", "list", "-o", "json", capture=True, check=False)
    try:
        return [r["name"] for r in json.loads(out or "[]")]
    except json.JSONDecodeError:
        return []


def cluster_exists(state: ClusterState) -> bool:
    return any(c.get("name") == state.name for c in k3d_clusters())


def kubectl(state: ClusterState, *args: str, capture: bool = False, check: bool = True) -> str:
    return sh("kubectl", "--context", state.context, *args, capture=capture, check=check)


def wait_for_api(state: ClusterState, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    delay = 1.0
    while time.monotonic() < deadline:
        out = kubectl(state, "get", "--raw", "/readyz", capture=True, check=False)
        if out.strip() == "ok":
            return
        time.sleep(delay)
        delay = min(delay * 1.6, 8.0)
    raise SystemExit(f"API server of {state.name} not ready after {timeout:.0f}s")


def cmd_create(state: ClusterState, _args) -> int:
    if cluster_exists(state):
        print(f"{state.name} already exists")
        return 0
    sh(
        "k3d", "cluster", "create", state.name,
        "--image", state.k3s_image,
        "--agents", str(state.agents),
        "--registry-create", f"{state.registry}:127.0.0.1:{state.registry_port}",
        "--port", f"127.0.0.1:{state.http_port}:80@loadbalancer",
        "--kubeconfig-update-default=false",
        "--kubeconfig-switch-context=false",
    )
    kubeconfig = sh("k3d", "kubeconfig", "get", state.name, capture=True)
    target = REPO / ".state" / "kubeconfig"
    target.parent.mkdir(exist_ok=True, parents=True)
    target.write_text(kubeconfig)
    target.chmod(0o600)
    state.created_at = time.time()
    state.save()
    wait_for_api(state)
    print(f"created {state.name}; export KUBECONFIG={target.relative_to(REPO)}")
    return 0


def git_sha() -> str:
    return sh("git", "rev-parse", "--short=10", "HEAD", capture=True).strip()


def cmd_import(state: ClusterState, args) -> int:
    if not cluster_exists(state):
        raise SystemExit(f"{state.name} does not exist; run create first")
    sha = git_sha()
    wanted = args.services or list(SERVICES)
    for svc in wanted:
        if svc not in SERVICES:
            raise SystemExit(f"unknown service {svc}")
        context_dir = REPO / "services" / svc
        tag = f"{svc}:{sha}"
        sh("docker", "build", "--pull=false", "-t", tag, str(context_dir))
        sh("k3d", "image", "import", tag, "--cluster", state.name)
        state.imported[svc] = sha
    state.save()
    return 0


def cmd_deploy(state: ClusterState, _args) -> int:
    if not state.imported:
        print("warning: no images imported yet; pods will pull from the registry", file=sys.stderr)
    overlay = REPO / "deploy" / "k3d"
    rendered = sh("kustomize", "build", str(overlay), capture=True)
    for svc, sha in state.imported.items():
        rendered = rendered.replace(f"image: {svc}:latest", f"image: {svc}:{sha}")
    out = REPO / ".state" / "rendered.yaml"
    out.write_text(rendered)
    kubectl(state, "apply", "--server-side", "-f", str(out))
    for svc in state.imported:
        kubectl(state, "-n", "harbor", "rollout", "status", f"deploy/{svc}", "--timeout=150s", check=False)
    return 0


def cmd_destroy(state: ClusterState, args) -> int:
    recorded = STATE_FILE.exists()
    if not recorded and not args.force:
        raise SystemExit("no .state/k3d.json; refusing to delete a cluster this repo did not create")
    if cluster_exists(state):
        sh("k3d", "cluster", "delete", state.name)
    registry_name = f"k3d-{state.registry}"
    if registry_name in k3d_registries():
        sh("k3d", "registry", "delete", registry_name)
    state_dir = STATE_FILE.parent
    for leftover in ("kubeconfig", "rendered.yaml", "k3d.json"):
        (state_dir / leftover).unlink(missing_ok=True)
    print(f"destroyed {state.name}")
    return 0


def cmd_doctor(state: ClusterState, _args) -> int:
    missing = tools_present(("k3d", "kubectl", "docker", "kustomize"))
    report = {
        "expected_cluster": state.name,
        "missing_tools": missing,
        "clusters": [c.get("name") for c in k3d_clusters()] if not missing else [],
        "registries": k3d_registries() if not missing else [],
        "imported": state.imported,
    }
    print(json.dumps(report, indent=2))
    return 1 if missing else 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="k3d_dev", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("create")
    imp = sub.add_parser("import")
    imp.add_argument("services", nargs="*")
    sub.add_parser("deploy")
    des = sub.add_parser("destroy")
    des.add_argument("--force", action="store_true", help="delete even without a state file")
    sub.add_parser("doctor")
    return p


HANDLERS = {
    "create": cmd_create,
    "import": cmd_import,
    "deploy": cmd_deploy,
    "destroy": cmd_destroy,
    "doctor": cmd_doctor,
}


def main(cli_args: list[str] | None = None) -> int:
    args = build_parser().parse_args(cli_args)
    state = ClusterState.load()
    missing = tools_present(("k3d", "kubectl")) if args.cmd != "doctor" else []
    if missing:
        print(f"missing tools: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        return HANDLERS[args.cmd](state, args)
    except CommandFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code or 1
    except KeyboardInterrupt:
        print("interrupted; run `doctor` to see what was created", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
