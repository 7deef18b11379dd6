#!/usr/bin/env bash
# Keep the DVC cache of this project in sync with the team remote.
#
#   tools/dvc-sync.sh status            # what is missing locally / remotely
#   tools/dvc-sync.sh pull [targets..]  # dvc pull (default: everything in dvc.lock)
#   tools/dvc-sync.sh push --apply      # dvc push to the configured default remote
#   tools/dvc-sync.sh gc --apply        # workspace-only gc of the *local* cache
#
# Safety rules:
#   * push only happens with --apply and only to the remote named in
#     .dvc/config (core.remote); the remote URL must match EXPECTED_REMOTE_RE,
#     so a remote repointed by a config.local override is refused.
#   * gc only ever runs with --workspace and never with --cloud.
set -Eeuo pipefail

ROOT=$(git rev-parse --show-toplevel)
cd "$ROOT"

EXPECTED_REMOTE_RE='^s3://acme-ml-dvc-cache/(team|ci)/'
APPLY=0
JOBS=${DVC_JOBS:-8}
LOG_DIR="$ROOT/build/dvc"
STAMP=$(date +%Y%m%d-%H%M%S)

log() { printf '[dvc-sync] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

args=()
for a in "$@"; do
  case "$a" in
    --apply) APPLY=1 ;;
    *) args+=("$a") ;;
  esac
done
set -- "${args[@]+"${args[@]}"}"

command -v dvc >/dev/null || die "dvc not installed (pip install -r requirements-dev.txt)"
[[ -d .dvc ]] || die "$ROOT is not a DVC project"
mkdir -p "$LOG_DIR"

default_remote() {
  dvc remote default 2>/dev/null || true
}

remote_url() {
  local name=$1
  dvc remote list | awk -v n="$name" '$1 == n {print $2}'
}

check_remote() {
  local name url
  name=$(default_remote)
  [[ -n "$name" ]] || die "no default remote configured in .dvc/config"
  url=$(remote_url "$name")
  [[ -n "$url" ]] || die "remote '$name' has no URL"
  if [[ ! "$url" =~ $EXPECTED_REMOTE_RE ]]; then
    die "remote '$name' points at '$url', which is not the team cache; check .dvc/config.local"
  fi
  if [[ -f .dvc/config.local ]] && grep -q '^\s*url\s*=' .dvc/config.local; then
    log "warning: .dvc/config.local overrides a remote URL:"
    grep -n 'url' .dvc/config.local | sed 's/^/    /' >&2
  fi
  printf '%s\n' "$name"
}

with_retries() {
  local attempt=1 max=3 delay=5
  until "$@"; do
    if (( attempt >= max )); then
      return 1
    fi
    log "attempt $attempt failed; retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 3))
  done
}

cmd_status() {
  local remote
  remote=$(check_remote)
  log "local workspace vs cache:"
  dvc status 2>&1 | tail -n 40
  log "cache vs remote '$remote':"
  dvc status --cloud --remote "$remote" --jobs "$JOBS" 2>&1 | tail -n 40
}

cmd_pull() {
  local remote
  remote=$(check_remote)
  local logf="$LOG_DIR/pull-$STAMP.log"
  log "pulling from '$remote' (${*:-all targets}); log: ${logf#"$ROOT"/}"
  if ! with_retries dvc pull --remote "$remote" --jobs "$JOBS" "$@" > "$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    die "dvc pull failed"
  fi
  tail -n 5 "$logf"
}

cmd_push() {
  local remote
  remote=$(check_remote)
  if [[ -n "$(git status --porcelain -- dvc.lock '*.dvc')" ]]; then
    die "dvc.lock / .dvc files have uncommitted changes; commit them before pushing data"
  fi
  log "objects that would be pushed to '$remote':"
  dvc status --cloud --remote "$remote" 2>&1 | grep -E 'new:|modified:' | head -n 50 >&2 || log "  (none)"
  if [[ $APPLY -ne 1 ]]; then
    log "dry run; re-run with --apply to push"
    return 0
  fi
  local logf="$LOG_DIR/push-$STAMP.log"
  if ! with_retries dvc push --remote "$remote" --jobs "$JOBS" > "$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    die "dvc push failed"
  fi
  tail -n 5 "$logf"
}

cmd_gc() {
  local before after
  before=$(du -sh .dvc/cache 2>/dev/null | cut -f1)
  if [[ $APPLY -ne 1 ]]; then
    log "local cache is $before; objects not used by the workspace would be removed."
    log "dry run; re-run with --apply (workspace-only, local cache only)"
    return 0
  fi
  # --workspace: keep everything referenced by the current checkout.
  # never --cloud: the shared remote is pruned by the data team's job, not by us.
  dvc gc --workspace --force
  after=$(du -sh .dvc/cache 2>/dev/null | cut -f1)
  log "local cache: $before -> $after"
}

cmd_doctor() {
  dvc doctor 2>&1 | sed -n '1,25p'
  log "default remote: $(default_remote || echo none)"
  dvc remote list | sed 's/^/    /' >&2
  log "cache dir: $(dvc cache dir)"
  log "cache size: $(du -sh "$(dvc cache dir)" 2>/dev/null | cut -f1)"
}

cmd_clean_logs() {
  # our own logs only; keep the newest 10
  find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -printf '%T@ %p\n' \
    | sort -rn | tail -n +11 | cut -d' ' -f2- | while read -r f; do
      rm -f -- "$f"
    done
  log "kept the 10 newest logs in ${LOG_DIR#"$ROOT"/}"
}

cmd_list() {
  # what the pipeline tracks, with sizes from dvc.lock (no network)
  [[ -f dvc.lock ]] || die "no dvc.lock; run dvc repro first"
  python3 - <<'PY'
import yaml
with open("dvc.lock") as fh:
    lock = yaml.safe_load(fh) or {}
rows = []
for stage, spec in (lock.get("stages") or {}).items():
    for out in spec.get("outs") or []:
        rows.append((stage, out.get("path", "?"), int(out.get("size") or 0), out.get("nfiles")))
width = max((len(r[1]) for r in rows), default=10)
total = 0
for stage, path, size, nfiles in sorted(rows):
    total += size
    extra = f" ({nfiles} files)" if nfiles else ""
    print(f"{stage:<24} {path:<{width}} {size / 2**20:10.1f} MiB{extra}")
print(f"{'':<24} {'total':<{width}} {total / 2**20:10.1f} MiB")
PY
}

sub=${1:-status}
shift || true
case "$sub" in
  status) cmd_status ;;
  list) cmd_list ;;
  pull) cmd_pull "$@" ;;
  push) cmd_push ;;
  gc) cmd_gc ;;
  doctor) cmd_doctor ;;
  clean-logs) cmd_clean_logs ;;
  -h|--help|help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) die "unknown command '$sub'" ;;
esac
