#!/usr/bin/env bash
# triage.sh - gather logs from the dev cluster namespace and the local compose
# stack, count error signatures and write a dated triage folder.
#
#   scripts/triage.sh                    # defaults: namespace dev, last 30m
#   scripts/triage.sh -n preview-412 -s 2h
#   scripts/triage.sh --compose-only
set -euo pipefail

NAMESPACE="dev"
SINCE="30m"
COMPOSE_ONLY=0
KUBE_ONLY=0
TOP=15
OUT_ROOT="triage"

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--namespace) NAMESPACE="$2"; shift 2 ;;
    -s|--since) SINCE="$2"; shift 2 ;;
    --compose-only) COMPOSE_ONLY=1; shift ;;
    --kube-only) KUBE_ONLY=1; shift ;;
    --top) TOP="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage; exit 2 ;;
  esac
done

# validate inputs before they reach kubectl
[[ "$NAMESPACE" =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || { echo "bad namespace" >&2; exit 2; }
[[ "$SINCE" =~ ^[0-9]+[smh]$ ]] || { echo "--since must look like 30m / 2h" >&2; exit 2; }
[[ "$TOP" =~ ^[0-9]+$ ]] || { echo "--top must be a number" >&2; exit 2; }
case "$NAMESPACE" in
  prod|production|kube-system)
    echo "namespace $NAMESPACE is out of scope for this script" >&2; exit 2 ;;
esac

STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$OUT_ROOT/$STAMP"
mkdir -p "$OUT/raw"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

collect_kube() {
  if ! command -v kubectl >/dev/null; then
    log "kubectl missing; skipping cluster logs"
    return 0
  fi
  local ctx
  ctx="$(kubectl config current-context 2>/dev/null || echo none)"
  log "kube context $ctx, namespace $NAMESPACE, since $SINCE"
  kubectl get pods -n "$NAMESPACE" -o wide > "$OUT/pods.txt" 2>&1 || true
  kubectl get events -n "$NAMESPACE" --sort-by=.lastTimestamp > "$OUT/events.txt" 2>&1 || true
  local pod
  while read -r pod; do
    [[ -z "$pod" ]] && continue
    log "  logs $pod"
    kubectl logs -n "$NAMESPACE" "$pod" --all-containers --since="$SINCE" --timestamps \
      > "$OUT/raw/k8s-${pod}.log" 2>&1 || true
    if kubectl get pod -n "$NAMESPACE" "$pod" -o jsonpath='{.status.containerStatuses[*].restartCount}' \
        | grep -qv '^0*$'; then
      kubectl logs -n "$NAMESPACE" "$pod" --all-containers --previous --timestamps \
        > "$OUT/raw/k8s-${pod}.previous.log" 2>&1 || true
    fi
  done < <(kubectl get pods -n "$NAMESPACE" -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}')
}

collect_compose() {
  if ! docker compose ps --quiet >/dev/null 2>&1; then
    log "no compose project here; skipping"
    return 0
  fi
  local svc
  for svc in $(docker compose ps --services); do
    log "  compose logs $svc"
    docker compose logs --no-color --timestamps --since "$SINCE" "$svc" \
      > "$OUT/raw/compose-${svc}.log" 2>&1 || true
  done
}

signatures() {
  # normalise numbers, hex ids and uuids so similar lines group together
  grep -hiE 'error|exception|panic|fatal|timeout|refused' "$OUT"/raw/*.log 2>/dev/null \
    | sed -E 's/^[0-9TZ:.+-]+ //' \
    | sed -E 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g' \
    | sed -E 's/0x[0-9a-fA-F]+/<hex>/g; s/[0-9]{2,}/<n>/g' \
    | cut -c1-180 \
    | sort | uniq -c | sort -rn | head -n "$TOP"
}

restarts() {
  # pods whose containers restarted, with the last termination reason
  [[ -s "$OUT/pods.txt" ]] || return 0
  command -v kubectl >/dev/null || return 0
  kubectl get pods -n "$NAMESPACE" -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{range .status.containerStatuses[*]}{.restartCount}{" "}{.lastState.terminated.reason}{" "}{end}{"\n"}{end}' 2>/dev/null \
    | awk -F'\t' '$2 ~ /[1-9]/ { print "- " $1 ": " $2 }'
}

slowest_requests() {
  # access-log style lines with a duration field, slowest first
  grep -hoE '"(GET|POST|PUT|PATCH|DELETE) [^"]+" [0-9]{3} [0-9.]+ms' "$OUT"/raw/*.log 2>/dev/null \
    | awk '{ d = $NF; sub(/ms$/, "", d); print d "\t" $0 }' \
    | sort -rn | head -n 10 | cut -f2-
}

timeline() {
  # error counts per minute across all sources
  grep -hiE 'error|panic|fatal' "$OUT"/raw/*.log 2>/dev/null \
    | grep -oE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' \
    | sort | uniq -c | tail -n 30
}

summary() {
  {
    echo "# Triage $STAMP"
    echo
    echo "- namespace: $NAMESPACE"
    echo "- since: $SINCE"
    echo "- files: $(ls "$OUT/raw" | wc -l)"
    echo
    echo "## Lines per source"
    echo
    for f in "$OUT"/raw/*.log; do
      [[ -e "$f" ]] || continue
      printf -- '- %s: %s lines, %s errors\n' "$(basename "$f")" "$(wc -l < "$f")" \
        "$(grep -ciE 'error|panic|fatal' "$f" || true)"
    done
    echo
    echo "## Top signatures"
    echo
    echo '```'
    signatures
    echo '```'
    echo
    echo "## Restarted pods"
    echo
    restarts
    echo
    echo "## Errors per minute"
    echo
    echo '```'
    timeline
    echo '```'
    echo
    echo "## Slowest requests"
    echo
    echo '```'
    slowest_requests
    echo '```'
  } > "$OUT/SUMMARY.md"
}

if [[ $COMPOSE_ONLY -eq 0 ]]; then collect_kube; fi
if [[ $KUBE_ONLY -eq 0 ]]; then collect_compose; fi
summary

# keep the ten newest triage folders
ls -1dt "$OUT_ROOT"/*/ 2>/dev/null | tail -n +11 | xargs -r rm -rf --

log "wrote $OUT/SUMMARY.md"
cat "$OUT/SUMMARY.md"
