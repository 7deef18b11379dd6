#!/usr/bin/env python3
"""Build, scan, sign and (optionally) push the orders-api container image.

Pipeline:
  buildx build (multi-arch, cached in .buildx-cache/)  ->  syft SBOM  ->  grype scan
  ->  cosign sign with the project key (COSIGN_KEY path + COSIGN_PASSWORD env)
  ->  push only when --push is given, to ghcr.io/acme/orders-api
Commands are built from pipeline.toml so CI and laptops use the same flags.
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "pipeline.toml"
OUT = ROOT / "dist" / "image"
CACHE_DIR = ROOT / ".buildx-cache"

DEFAULTS = {
    "image": "ghcr.io/acme/orders-api",
    "platforms": ["linux/amd64", "linux/arm64"],
    "dockerfile": "deploy/Dockerfile",
    "context": ".",
    "build_args": {},
    "fail_on": "high",
    "ignore_file": "deploy/grype-ignore.yaml",
}


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    if CONFIG.exists():
        cfg.update(tomllib.loads(CONFIG.read_text()).get("image", {}))
    return cfg


def sh(argv, **kw):
    print("+ " + " ".join(shlex.quote(str(a)) for a in argv), flush=True)
    return subprocess.run([str(a) for a in argv], check=True, **kw)


def require(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        sys.exit(f"missing tools: {', '.join(missing)}")


def git_sha() -> str:
    return subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()


def build(cfg: dict, tag: str, push: bool) -> str:
    CACHE_DIR.mkdir(exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    metadata = OUT / "metadata.json"
    argv = ["docker", "buildx", "build",
            "--platform", ",".join(cfg["platforms"]),
            "-f", ROOT / cfg["dockerfile"],
            "-t", f"{cfg['image']}:{tag}",
            "--cache-from", f"type=local,src={CACHE_DIR}",
            "--cache-to", f"type=local,dest={CACHE_DIR}-new,mode=max",
            "--metadata-file", metadata,
            "--provenance=true"]
    for key, value in cfg["build_args"].items():
        argv += ["--build-arg", f"{key}={value}"]
    if push:
        argv.append("--push")
    else:
        # a multi-arch image cannot be --load'ed; export an OCI tarball instead
        argv += ["--output", f"type=oci,dest={OUT / 'image.oci.tar'}"]
    argv.append(ROOT / cfg["context"])
    sh(argv)
    # rotate the cache the way the buildx docs recommend, avoids unbounded growth
    new_cache = Path(f"{CACHE_DIR}-new")
    if new_cache.exists():
        shutil.rmtree(CACHE_DIR)
        new_cache.rename(CACHE_DIR)
    meta = json.loads(metadata.read_text())
    return meta.get("containerimage.digest", "")


def image_ref(cfg: dict, tag: str, digest: str, push: bool) -> str:
    if push and digest:
        return f"{cfg['image']}@{digest}"
    return f"oci-archive:{OUT / 'image.oci.tar'}"


def sbom(ref: str) -> Path:
    dest = OUT / "sbom.spdx.json"
    sh(["syft", ref, "-o", f"spdx-json={dest}"])
    return dest


def scan(cfg: dict, sbom_path: Path) -> None:
    argv = ["grype", f"sbom:{sbom_path}", "--fail-on", cfg["fail_on"],
            "-o", "table", "--file", OUT / "grype.txt"]
    ignore = ROOT / cfg["ignore_file"]
    if ignore.exists():
        argv += ["-c", ignore]
    sh(argv)


def sign(cfg: dict, digest: str, sbom_path: Path) -> None:
    key = os.environ.get("COSIGN_KEY")
    if not key:
        print("COSIGN_KEY not set; skipping signing (keyless signing happens in CI)")
        return
    if "COSIGN_PASSWORD" not in os.environ:
        sys.exit("COSIGN_PASSWORD must be set when COSIGN_KEY is used")
    ref = f"{cfg['image']}@{digest}"
    sh(["cosign", "sign", "--yes", "--key", key, ref])
    sh(["cosign", "attest", "--yes", "--key", key, "--type", "spdxjson",
        "--predicate", sbom_path, ref])


def verify(cfg: dict, digest: str) -> None:
    pub = ROOT / "deploy" / "cosign.pub"
    sh(["cosign", "verify", "--key", pub, f"{cfg['image']}@{digest}"], stdout=subprocess.DEVNULL)


def write_summary(cfg: dict, tag: str, digest: str) -> None:
    """Machine readable summary consumed by the deploy job."""
    summary = {
        "image": cfg["image"],
        "tag": tag,
        "digest": digest,
        "platforms": cfg["platforms"],
        "sbom": str((OUT / "sbom.spdx.json").relative_to(ROOT)),
    }
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description="container build/scan/sign pipeline")
    ap.add_argument("--tag", default=None, help="defaults to the git sha")
    ap.add_argument("--push", action="store_true", help="push and sign (needs registry login)")
    ap.add_argument("--skip-scan", action="store_true")
    ap.add_argument("--clean", action="store_true", help="drop dist/image and the build cache")
    args = ap.parse_args()

    cfg = load_config()
    if args.clean:
        for p in (OUT, CACHE_DIR):
            if p.exists():
                shutil.rmtree(p)
        print("cleaned local image outputs")
    require("docker", "syft", "grype", *(["cosign"] if args.push else []))
    tag = args.tag or git_sha()

    with tempfile.TemporaryDirectory(prefix="orders-image-") as tmp:
        os.environ.setdefault("DOCKER_BUILDKIT", "1")
        os.environ["BUILDX_METADATA_PROVENANCE"] = "min"
        os.environ["TMPDIR"] = tmp  # keep syft/grype scratch files out of /tmp root
        digest = build(cfg, tag, args.push)
        ref = image_ref(cfg, tag, digest, args.push)
        sbom_path = sbom(ref)
        if not args.skip_scan:
            scan(cfg, sbom_path)
        if args.push:
            sign(cfg, digest, sbom_path)
            verify(cfg, digest)
        write_summary(cfg, tag, digest)
    print(f"done: {cfg['image']}:{tag} {digest or '(local only)'}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
