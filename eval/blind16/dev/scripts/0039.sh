#!/usr/bin/env bash
# Sync the DVC-tracked datasets for local training and verify them.
#
#   tools/data_sync.sh [pull|verify|status|clean] [--stage NAME] [--jobs N]
#
#   pull    dvc pull for the chosen stage outputs (default: everything in dvc.yaml)
#   verify  recompute md5 of every tracked file against the .dvc / dvc.lock entries
#   status  dvc status + data status, compact
#   clean   remove project-local scratch: data/interim, .dvc/tmp and stale *.part files
#
# Uses the project's configured DVC remote (see .dvc/config); credentials come
# from the usual cloud SDK config and are never read or printed here.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

action="${1:-pull}"
shift || true
stage=""
jobs="$(( $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4) * 2 ))"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --stage) stage="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

c_ok=$'\033[32m'; c_bad=$'\033[31m'; c_off=$'\033[0m'
ok()  { printf '%sok%s   %s\n' "$c_ok" "$c_off" "$*"; }
bad() { printf '%sFAIL%s %s\n' "$c_bad" "$c_off" "$*"; }

need() { command -v "$1" >/dev/null || { echo "missing $1" >&2; exit 1; }; }
need dvc
need python3

md5_of() {
  if command -v md5sum >/dev/null; then
    md5sum "$1" | awk '{print $1}'
  else
    md5 -q "$1"
  fi
}

tracked_entries() {
  # Emit "<md5>\t<path>" for every file output in dvc.lock and every *.dvc file.
  python3 - "$stage" <<'PY'
import sys, pathlib, yaml
stage = sys.argv[1]
root = pathlib.Path(".")
lock = root / "dvc.lock"
if lock.exists():
    data = yaml.safe_load(lock.read_text()) or {}
    for name, spec in (data.get("stages") or {}).items():
        if stage and name != stage:
            continue
        for out in spec.get("outs", []):
            if "md5" in out and not str(out["md5"]).endswith(".dir"):
                print(f"{out['md5']}\t{out['path']}")
if not stage:
    for dvcfile in root.rglob("*.dvc"):
        if ".dvc" in dvcfile.parts[:-1]:
            continue
        spec = yaml.safe_load(dvcfile.read_text()) or {}
        for out in spec.get("outs", []):
            if "md5" in out and not str(out["md5"]).endswith(".dir"):
                print(f"{out['md5']}\t{dvcfile.parent / out['path']}")
PY
}

do_pull() {
  local targets=()
  [[ -n "$stage" ]] && targets+=("$stage")
  echo "pulling ${stage:-all tracked data} with $jobs jobs"
  dvc pull --jobs "$jobs" "${targets[@]}"
  do_verify
}

do_verify() {
  local md5 path actual failures=0 checked=0
  while IFS=$'\t' read -r md5 path; do
    checked=$((checked + 1))
    if [[ ! -f "$path" ]]; then
      bad "$path (missing)"
      failures=$((failures + 1))
      continue
    fi
    actual="$(md5_of "$path")"
    if [[ "$actual" == "$md5" ]]; then
      ok "$path"
    else
      bad "$path (md5 $actual, expected $md5)"
      failures=$((failures + 1))
    fi
  done < <(tracked_entries)
  echo "$checked files checked, $failures problems"
  (( failures == 0 ))
}

do_status() {
  dvc status --quiet && echo "pipeline up to date" || dvc status
  dvc data status --granular 2>/dev/null | head -n 40 || true
}

do_clean() {
  local removed=0 d
  for d in data/interim .dvc/tmp; do
    if [[ -d "$d" ]]; then
      rm -rf "$d"
      echo "removed $d"
      removed=$((removed + 1))
    fi
  done
  while IFS= read -r -d '' f; do
    rm -f "$f"
    removed=$((removed + 1))
  done < <(find data -name '*.part' -type f -print0 2>/dev/null)
  echo "cleaned $removed items (remote and cache untouched)"
}

do_du() {
  # Size of every DVC-tracked output on disk, largest first.
  local md5 path size total=0
  while IFS=$'\t' read -r md5 path; do
    [[ -e "$path" ]] || continue
    size="$(du -sk "$path" | awk '{print $1}')"
    total=$((total + size))
    printf '%10s KB  %s\n' "$size" "$path"
  done < <(tracked_entries) | sort -rn
  echo "total tracked data on disk: $(( total / 1024 )) MB"
  if [[ -d .dvc/cache ]]; then
    echo "local DVC cache: $(du -sh .dvc/cache | awk '{print $1}')"
  fi
}

do_remote() {
  # Show which remote would be used and whether it is reachable, without credentials output.
  local default
  default="$(dvc remote default 2>/dev/null || true)"
  if [[ -z "$default" ]]; then
    echo "no default remote configured (see .dvc/config)"
    return 1
  fi
  echo "default remote: $default"
  dvc remote list | awk -v r="$default" '$1 == r { print "  url: " $2 }'
  if dvc status --cloud --quiet >/dev/null 2>&1; then
    echo "  remote reachable and in sync"
  else
    echo "  remote differs from local cache or is unreachable (run: dvc status --cloud)"
  fi
}

case "$action" in
  du) do_du ;;
  remote) do_remote ;;
  pull) do_pull ;;
  verify) do_verify ;;
  status) do_status ;;
  clean) do_clean ;;
  -h|--help|help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) echo "unknown action $action" >&2; exit 2 ;;
esac
