#!/usr/bin/env bash
# env/bootstrap.sh - reproducible micromamba environment for the analysis repo.
#
# The micromamba binary and its root prefix live in ./.mamba (MAMBA_ROOT_PREFIX),
# so the developer's own conda installation and base environment are untouched.
# The environment is created from conda-lock.yml (exact URLs + hashes); if the
# lock is older than environment.yml it is regenerated first.
#
#   env/bootstrap.sh             create/update ./.mamba/envs/analysis
#   env/bootstrap.sh --relock    force a new conda-lock.yml
#   env/bootstrap.sh --nuke      delete ./.mamba entirely and start over
#
# Why not the developer's own conda?
#   Half the team uses miniforge, some anaconda, some nothing; solving against
#   whatever base happens to be installed gave us different numpy builds per
#   laptop. A pinned micromamba in the repo plus conda-lock gives the same
#   packages everywhere, and removing .mamba/ is a complete uninstall.
#
# Common problems:
#   * "conda-lock: command not found" -> install it into .mamba's base:
#       .mamba/bin/micromamba install -n base -c conda-forge conda-lock
#   * corporate TLS interception -> set REQUESTS_CA_BUNDLE / CONDA_SSL_VERIFY to
#     the corporate bundle path for this shell only
#   * disk usage: tarballs are cleaned after each run; `--nuke` frees everything
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export MAMBA_ROOT_PREFIX="${ROOT}/.mamba"
MM="${MAMBA_ROOT_PREFIX}/bin/micromamba"
ENV_NAME="analysis"
ENV_YML="${ROOT}/environment.yml"
LOCK="${ROOT}/conda-lock.yml"
PLATFORMS=(linux-64 osx-arm64 osx-64)
MM_VERSION="1.5.8-0"
RELOCK=0
NUKE=0

for a in "$@"; do
  case "$a" in
    --relock) RELOCK=1 ;;
    --nuke) NUKE=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown argument $a" >&2; exit 2 ;;
  esac
done

# Platforms in the lock: linux-64 for CI and the Linux laptops, osx-arm64
# and osx-64 for Macs. Adding a platform means relocking (--relock) and
# committing conda-lock.yml in the same PR as the environment.yml change.
#
# Pip-only packages go into environment.yml's pip section; conda-lock pins
# them too, so `micromamba install -f conda-lock.yml` reproduces them.
say() { printf '\033[36m[env]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[env]\033[0m %s\n' "$*" >&2; exit 1; }

platform() {
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo linux-64 ;;
    Linux-aarch64) echo linux-aarch64 ;;
    Darwin-arm64) echo osx-arm64 ;;
    Darwin-x86_64) echo osx-64 ;;
    *) die "unsupported platform $(uname -sm)" ;;
  esac
}

# micromamba is a single static binary; the release assets on GitHub ship a
# .sha256 file next to each binary, which is verified before installing.
# Bumping MM_VERSION: update the variable, run the script, commit nothing else.
#
# The binary lives in .mamba/bin and is not added to PATH permanently; the
# generated env/activate.sh uses its shell hook for the current shell only.
install_micromamba() {
  if [[ -x "$MM" ]] && "$MM" --version | grep -q "${MM_VERSION%-*}"; then
    return
  fi
  say "installing micromamba ${MM_VERSION} into .mamba/bin"
  mkdir -p "${MAMBA_ROOT_PREFIX}/bin"
  local plat tmp
  plat="$(platform)"
  tmp="$(mktemp -d)"
  curl -fsSL --retry 3 \
    "https://github.com/mamba-org/micromamba-releases/releases/download/${MM_VERSION}/micromamba-${plat}" \
    -o "${tmp}/micromamba"
  curl -fsSL --retry 3 \
    "https://github.com/mamba-org/micromamba-releases/releases/download/${MM_VERSION}/micromamba-${plat}.sha256" \
    -o "${tmp}/micromamba.sha256"
  (cd "$tmp" && echo "$(cat micromamba.sha256)  micromamba" | sha256sum -c - >/dev/null) \
    || die "micromamba checksum mismatch"
  install -m 0755 "${tmp}/micromamba" "$MM"
  rm -rf -- "$tmp"
}

lock_is_stale() {
  [[ ! -f "$LOCK" ]] && return 0
  [[ "$ENV_YML" -nt "$LOCK" ]]
}

relock() {
  say "regenerating conda-lock.yml for ${PLATFORMS[*]}"
  local plat_args=()
  for p in "${PLATFORMS[@]}"; do plat_args+=(-p "$p"); done
  "$MM" run -n base conda-lock lock -f "$ENV_YML" "${plat_args[@]}" --lockfile "$LOCK" \
    || die "conda-lock failed (is conda-lock installed in .mamba base? run: $MM install -n base -c conda-forge conda-lock)"
}

create_env() {
  local prefix="${MAMBA_ROOT_PREFIX}/envs/${ENV_NAME}"
  if [[ -d "$prefix" ]]; then
    say "updating ${ENV_NAME} from the lock file"
    "$MM" install -y -n "$ENV_NAME" -f "$LOCK"
  else
    say "creating ${ENV_NAME} from the lock file"
    "$MM" create -y -n "$ENV_NAME" -f "$LOCK"
  fi
}

install_project() {
  "$MM" run -n "$ENV_NAME" python -m pip install --no-deps --no-build-isolation -e "$ROOT" >/dev/null
  say "project installed in editable mode"
}

smoke() {
  "$MM" run -n "$ENV_NAME" python - <<'PY'
import importlib, sys
mods = ["numpy", "pandas", "xarray", "matplotlib", "analysis"]
missing = [m for m in mods if importlib.util.find_spec(m) is None]
print("python", sys.version.split()[0], "missing:", missing or "none")
sys.exit(1 if missing else 0)
PY
}

jupyter_kernel() {
  # register the env as a Jupyter kernel inside the env's own share dir
  if "$MM" run -n "$ENV_NAME" python -c 'import ipykernel' 2>/dev/null; then
    "$MM" run -n "$ENV_NAME" python -m ipykernel install \
      --prefix "${MAMBA_ROOT_PREFIX}/envs/${ENV_NAME}" \
      --name "analysis-repo" --display-name "analysis (repo env)" >/dev/null
    say "jupyter kernel 'analysis-repo' registered inside the env"
  fi
}

lock_summary() {
  local plat
  plat="$(platform)"
  printf '[env] lock entries for %s: %s\n' "$plat" \
    "$(grep -c "platform: ${plat}" "$LOCK" 2>/dev/null || echo 0)"
}

write_activate() {
  cat >"${ROOT}/env/activate.sh" <<EOF
# source env/activate.sh   (generated by env/bootstrap.sh)
export MAMBA_ROOT_PREFIX="${MAMBA_ROOT_PREFIX}"
eval "\$("${MM}" shell hook --shell bash)"
micromamba activate ${ENV_NAME}
EOF
}

clean_pkgs() {
  # package tarballs are only needed while solving; keep the extracted ones
  "$MM" clean -y --tarballs >/dev/null 2>&1 || true
  du -sh "$MAMBA_ROOT_PREFIX" 2>/dev/null | awk '{print "[env] .mamba size: " $1}'
}

main() {
  if (( NUKE )); then
    [[ "$MAMBA_ROOT_PREFIX" == "${ROOT}/.mamba" ]] || die "unexpected root prefix ${MAMBA_ROOT_PREFIX}"
    say "removing ${MAMBA_ROOT_PREFIX#"$ROOT"/}"
    rm -rf -- "$MAMBA_ROOT_PREFIX"
  fi
  [[ -f "$ENV_YML" ]] || die "environment.yml missing"
  install_micromamba
  if (( RELOCK )) || lock_is_stale; then
    relock
  fi
  lock_summary
  create_env
  install_project
  smoke
  jupyter_kernel
  write_activate
  clean_pkgs
  say "done - activate with: source env/activate.sh"
}

main
