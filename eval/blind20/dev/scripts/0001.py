#!/usr/bin/env python3
"""Bootstrap and tear down the project's local kind cluster.

Usage:
    python3 hack/kind_cluster.py up       # create cluster, load images, apply dev overlay
    python3 hack/kind_cluster.py down     # delete the cluster this project created
    python3 hack/kind_cluster.py status

The cluster name comes from hack/cluster.json so that CI and developers agree on it.
Only a cluster whose name starts with the project prefix is ever deleted.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = ROOT / "hack" / "cluster.json"
STATE_DIR = ROOT / ".cache" / "kind"
LOG = logging.getLogger("kind-cluster")

DEFAULTS = {
    "name": "inventory-dev",
    "prefix": "inventory-",
    "node_image": "kindest/node:v1.29.2",
    "images": ["inventory-api:dev", "inventory-worker:dev"],
    "overlay": "deploy/overlays/dev",
    "ingress_manifest": "deploy/vendor/ingress-nginx-kind.yaml",
    "host_ports": {"http": 8080, "https": 8443},
}

KIND_CONFIG_TEMPLATE = """kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
name: {name}
nodes:
  - role: control-plane
    kubeadmConfigPatches:
      - |
        kind: InitConfiguration
        nodeRegistration:
          kubeletExtraArgs:
            node-labels: "ingress-ready=true"
    extraPortMappings:
      - containerPort: 80
        hostPort: {http}
        listenAddress: "127.0.0.1"
      - containerPort: 443
        hostPort: {https}
        listenAddress: "127.0.0.1"
"""


class ClusterError(RuntimeError):
    pass


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        with CONFIG_FILE.open() as fh:
            cfg.update(json.load(fh))
    if not cfg["name"].startswith(cfg["prefix"]):
        raise ClusterError(f"cluster name {cfg['name']!r} must start with {cfg['prefix']!r}")
    return cfg


def run(argv: list[str], *, check: bool = True, capture: bool = False, timeout: int = 600) -> str:
    LOG.debug("exec: %s", " ".join(argv))
    proc = subprocess.run(
        argv,
        cwd=ROOT,
        check=False,
        text=True,
        stdout=subprocess.PIPE if capture else None,
        stderr=subprocess.PIPE if capture else None,
        timeout=timeout,
    )
    if check and proc.returncode != 0:
        detail = (proc.stderr or "").strip()[-800:] if capture else ""
        raise ClusterError(f"{argv[0]} exited {proc.returncode}: {detail}")
    return proc.stdout or ""


def require_tools(*names: str) -> None:
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        raise ClusterError("missing tools: " + ", ".join(missing))


def existing_clusters() -> list[str]:
    out = run(["kind", "get", "clusters"], capture=True)
    return [line.strip() for line in out.splitlines() if line.strip()]


def kube_context(cfg: dict) -> str:
    return f"kind-{cfg['name']}"


def wait_for(predicate, what: str, attempts: int = 30, delay: float = 2.0) -> None:
    for attempt in range(1, attempts + 1):
        if predicate():
            return
        LOG.info("waiting for %s (%d/%d)", what, attempt, attempts)
        time.sleep(min(delay * attempt, 15))
    raise ClusterError(f"timed out waiting for {what}")


def nodes_ready(cfg: dict) -> bool:
    out = run(
        ["kubectl", "--context", kube_context(cfg), "get", "nodes", "-o", "json"],
        capture=True,
        check=False,
    )
    try:
        items = json.loads(out).get("items", [])
    except json.JSONDecodeError:
        return False
    for node in items:
        conds = {c["type"]: c["status"] for c in node["status"].get("conditions", [])}
        if conds.get("Ready") != "True":
            return False
    return bool(items)


def create(cfg: dict) -> None:
    if cfg["name"] in existing_clusters():
        LOG.info("cluster %s already exists, reusing it", cfg["name"])
        return
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    tmpdir = Path(tempfile.mkdtemp(prefix="kindcfg-", dir=STATE_DIR))
    try:
        config_path = tmpdir / "kind.yaml"
        config_path.write_text(
            KIND_CONFIG_TEMPLATE.format(name=cfg["name"], **cfg["host_ports"])
        )
        run([
            "kind", "create", "cluster",
            "--name", cfg["name"],
            "--image", cfg["node_image"],
            "--config", str(config_path),
            "--wait", "120s",
        ])
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    wait_for(lambda: nodes_ready(cfg), "nodes to become Ready")


def load_images(cfg: dict) -> None:
    for image in cfg["images"]:
        present = run(["docker", "image", "inspect", image], check=False, capture=True)
        if not present.strip():
            LOG.warning("image %s not built locally, skipping (run make images)", image)
            continue
        run(["kind", "load", "docker-image", image, "--name", cfg["name"]])


def apply_manifests(cfg: dict) -> None:
    ctx = kube_context(cfg)
    ingress = ROOT / cfg["ingress_manifest"]
    if ingress.exists():
        run(["kubectl", "--context", ctx, "apply", "-f", str(ingress)])
        run([
            "kubectl", "--context", ctx, "-n", "ingress-nginx", "wait",
            "--for=condition=ready", "pod",
            "--selector=app.kubernetes.io/component=controller",
            "--timeout=180s",
        ])
    rendered = run(["kustomize", "build", cfg["overlay"]], capture=True)
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    out_file = STATE_DIR / "rendered-dev.yaml"
    out_file.write_text(rendered)
    run(["kubectl", "--context", ctx, "apply", "-f", str(out_file)])


def delete(cfg: dict) -> None:
    name = cfg["name"]
    if not name.startswith(cfg["prefix"]):
        raise ClusterError(f"refusing to delete {name!r}: not a project cluster")
    if name not in existing_clusters():
        LOG.info("cluster %s not present, nothing to delete", name)
    else:
        run(["kind", "delete", "cluster", "--name", name])
    if STATE_DIR.exists():
        shutil.rmtree(STATE_DIR)
        LOG.info("removed %s", STATE_DIR.relative_to(ROOT))


def status(cfg: dict) -> int:
    clusters = existing_clusters()
    ours = [c for c in clusters if c.startswith(cfg["prefix"])]
    print(json.dumps({"all": clusters, "project": ours, "target": cfg["name"]}, indent=2))
    if cfg["name"] in clusters:
        run(["kubectl", "--context", kube_context(cfg), "get", "pods", "-A"])
        return 0
    return 1


def install_signal_handlers(cfg: dict) -> None:
    def handler(signum, _frame):
        LOG.warning("interrupted by signal %d; cluster %s left as is", signum, cfg["name"])
        sys.exit(130)

    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["up", "down", "status"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        cfg = load_config()
        install_signal_handlers(cfg)
        require_tools("kind", "kubectl", "docker", "kustomize")
        if args.action == "up":
            create(cfg)
            load_images(cfg)
            apply_manifests(cfg)
            LOG.info("ready: http://localhost:%d", cfg["host_ports"]["http"])
            return 0
        if args.action == "down":
            delete(cfg)
            return 0
        return status(cfg)
    except ClusterError as exc:
        LOG.error("%s", exc)
        return 1
    except subprocess.TimeoutExpired as exc:
        LOG.error("timed out: %s", exc.cmd)
        return 2


if __name__ == "__main__":
    os.environ.setdefault("KIND_EXPERIMENTAL_PROVIDER", "docker")
    sys.exit(main())
