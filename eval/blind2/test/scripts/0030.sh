#!/usr/bin/env bash
# collect-diag.sh - gather read-only diagnostics from a namespace into ./diag/<ns>-<ts>.tgz
# for attaching to an incident ticket.  Never mutates the cluster.
set -euo pipefail

NS="${1:?usage: collect-diag.sh NAMESPACE [SINCE]}"
SINCE="${2:-1h}"
TS="$(date +%Y%m%d-%H%M%S)"
WORK="$(mktemp -d)"
OUT_DIR="diag"
trap 'rm -rf "$WORK"' EXIT

k() { kubectl -n "$NS" "$@"; }

echo "context: $(kubectl config current-context)"
echo "namespace: $NS, logs since $SINCE"

mkdir -p "$WORK/describe" "$WORK/logs"

k get all -o wide > "$WORK/get-all.txt"
k get events --sort-by=.lastTimestamp > "$WORK/events.txt"
k get pods -o json > "$WORK/pods.json"
k top pods > "$WORK/top-pods.txt" 2>/dev/null || echo "metrics-server unavailable" > "$WORK/top-pods.txt"

for pod in $(k get pods -o jsonpath='{.items[*].metadata.name}'); do
  k describe pod "$pod" > "$WORK/describe/$pod.txt"
  for c in $(k get pod "$pod" -o jsonpath='{.spec.containers[*].name}'); do
    k logs "$pod" -c "$c" --since="$SINCE" > "$WORK/logs/$pod.$c.log" 2>&1 || true
    k logs "$pod" -c "$c" --previous > "$WORK/logs/$pod.$c.previous.log" 2>/dev/null || rm -f "$WORK/logs/$pod.$c.previous.log"
  done
done

for kind in deploy sts ds; do
  for name in $(k get "$kind" -o jsonpath='{.items[*].metadata.name}'); do
    k describe "$kind" "$name" > "$WORK/describe/$kind-$name.txt"
  done
done

restarts="$(jq -r '.items[] | select(any(.status.containerStatuses[]?; .restartCount > 0)) | .metadata.name' "$WORK/pods.json")"
if [[ -n "$restarts" ]]; then
  echo "pods with restarts:"
  echo "$restarts" | sed 's/^/  /'
fi

mkdir -p "$OUT_DIR"
tar -C "$WORK" -czf "$OUT_DIR/$NS-$TS.tgz" .
echo "wrote $OUT_DIR/$NS-$TS.tgz ($(du -h "$OUT_DIR/$NS-$TS.tgz" | cut -f1))"
