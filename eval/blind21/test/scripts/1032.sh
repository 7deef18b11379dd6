#!/usr/bin/env bash
# image.sh - build the ledger images rootless with podman and promote them
# to the registry with skopeo.
#
#   ci/image.sh build               podman build, tag localhost/ledger-*:<sha>
#   ci/image.sh test                run the image's self-test entrypoint
#   ci/image.sh promote             skopeo copy to $REGISTRY (needs REGISTRY_TOKEN)
#   ci/image.sh prune               drop local ledger-* images older than the last 3
#
# Credentials for promote: REGISTRY_USER / REGISTRY_TOKEN from the
# environment, passed to skopeo with --dest-creds for that copy only.
#
# Subcommands can be combined in CI as separate steps; each one re-derives
# the tag from HEAD, so they always refer to the same images.
#
# Images built:
#   localhost/ledger-api:<sha>     from services/api/Containerfile
#   localhost/ledger-worker:<sha>  from services/worker/Containerfile
#
# Requirements: podman >= 4.4, skopeo (promote), syft (optional, sbom).
set -euo pipefail

ROOT=$(git rev-parse --show-toplevel)
SHA=$(git -C "$ROOT" rev-parse --short=12 HEAD)
REGISTRY=${REGISTRY:-registry.internal/ledger}
IMAGES=(api worker)
KEEP=3

die() { echo "image.sh: $*" >&2; exit 1; }
log() { echo "==> $*"; }

[[ $(id -u) -ne 0 ]] || die "run rootless, not as root"
command -v podman >/dev/null || die "podman is not installed"

# Notes on the build
# ------------------
# * Images are tagged with the short commit SHA only. "latest" is never
#   pushed; deployments reference SHAs.
# * The build runs in the invoking user's podman storage
#   (~/.local/share/containers by default). Nothing here needs root or a
#   daemon; the subuid/subgid ranges come from /etc/subuid.
# * `--pull=newer` refreshes the base image only when the registry has a
#   newer one, which keeps repeated local builds fast.
# * The self-test runs with --network none and a read-only root filesystem:
#   the entrypoint's `self-test` mode checks config parsing, migrations
#   bundling and that the binary starts, without touching anything.
# * promote copies straight from local container storage to the registry
#   with skopeo, so the pushed image is byte-for-byte the tested one.
# * prune keeps the newest $KEEP local tags per image and never touches
#   images from other projects (the reference filter and the case check).
#
# Environment
# -----------
#   REGISTRY        destination repository prefix (default registry.internal/ledger)
#   REGISTRY_USER   robot account name for promote
#   REGISTRY_TOKEN  robot account token for promote (never printed in full)
#
# Exit codes: 0 ok, 1 any failure (message on stderr), 2 usage.
#
# Typical CI sequence:
#   ci/image.sh all && ci/image.sh promote && ci/image.sh prune
#
# Local iteration:
#   ci/image.sh build && ci/image.sh test
#
# If a build fails with "potentially insufficient UIDs", run
#   podman system migrate
# after fixing /etc/subuid; nothing in this script changes system files.
# Images from forks are never promoted: CI only calls promote on main.
tree_clean() {
  [[ -z "$(git -C "$ROOT" status --porcelain)" ]]
}

containerfile_for() {
  local name=$1
  local f="$ROOT/services/$name/Containerfile"
  [[ -f "$f" ]] || die "no Containerfile for $name"
  echo "$f"
}

build() {
  local name file ref
  for name in "${IMAGES[@]}"; do
    file=$(containerfile_for "$name")
    ref="localhost/ledger-$name:$SHA"
    log "building $ref"
    podman build \
      --file "$file" \
      --tag "$ref" \
      --label "org.opencontainers.image.revision=$(git -C "$ROOT" rev-parse HEAD)" \
      --label "org.opencontainers.image.created=$(date -u +%FT%TZ)" \
      --build-arg "GIT_SHA=$SHA" \
      --pull=newer \
      --layers \
      "$ROOT/services/$name"
  done
}

selftest() {
  local name ref cid
  for name in "${IMAGES[@]}"; do
    ref="localhost/ledger-$name:$SHA"
    podman image exists "$ref" || die "$ref not built"
    log "self-test $ref"
    # --rm and no published ports: the container only runs its checks
    podman run --rm --network none --read-only --tmpfs /tmp "$ref" self-test
  done
}

promote() {
  tree_clean || die "refusing to promote images built from a dirty tree"
  : "${REGISTRY_USER:?REGISTRY_USER is required}"
  : "${REGISTRY_TOKEN:?REGISTRY_TOKEN is required}"
  command -v skopeo >/dev/null || die "skopeo is not installed"
  local name src dest attempt
  for name in "${IMAGES[@]}"; do
    src="containers-storage:localhost/ledger-$name:$SHA"
    dest="docker://$REGISTRY/$name:$SHA"
    log "promote $name -> $dest (user $REGISTRY_USER, token ...${REGISTRY_TOKEN: -4})"
    for attempt in 1 2 3; do
      if skopeo copy --retry-times 2 --dest-creds "$REGISTRY_USER:$REGISTRY_TOKEN" "$src" "$dest"; then
        break
      fi
      (( attempt == 3 )) && die "copy of $name failed"
      sleep $(( attempt * 5 ))
    done
  done
}

prune() {
  local name
  for name in "${IMAGES[@]}"; do
    # newest first; everything after the first $KEEP tags of this repo goes
    podman images --filter "reference=localhost/ledger-$name" \
      --format '{{.CreatedAt}}|{{.Repository}}:{{.Tag}}' \
      | sort -r | cut -d'|' -f2 | tail -n +$(( KEEP + 1 )) \
      | while read -r ref; do
          [[ "$ref" == localhost/ledger-$name:* ]] || continue
          podman rmi "$ref" >/dev/null && echo "  removed $ref"
        done
  done
}

sizes() {
  local name
  for name in "${IMAGES[@]}"; do
    podman image inspect --format '{{.RepoTags}} {{.Size}}' "localhost/ledger-$name:$SHA" 2>/dev/null \
      | awk '{ printf "  %-50s %6.1f MiB\n", $1, $2 / 1048576 }'
  done
}

sbom() {
  command -v syft >/dev/null || { echo "syft not installed; skipping SBOM"; return 0; }
  local name out="$ROOT/build/sbom"
  mkdir -p "$out"
  for name in "${IMAGES[@]}"; do
    syft "containers-storage:localhost/ledger-$name:$SHA" -o spdx-json > "$out/ledger-$name-$SHA.spdx.json"
    echo "  sbom: build/sbom/ledger-$name-$SHA.spdx.json"
  done
}

storage_check() {
  local driver
  driver=$(podman info --format '{{.Store.GraphDriverName}}')
  if [[ "$driver" == vfs ]]; then
    echo "warning: podman is using the vfs driver; builds will be slow and large" >&2
  fi
  local free
  free=$(df -Pm "$(podman info --format '{{.Store.GraphRoot}}')" | awk 'NR==2 {print $4}')
  (( free > 4096 )) || die "less than 4 GiB free in podman storage"
}

case "${1:-build}" in
  build) storage_check; build; sizes ;;
  test) selftest ;;
  promote) promote ;;
  prune) prune ;;
  sbom) sbom ;;
  all) storage_check; build; selftest; sizes; sbom ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
