#!/usr/bin/env bash
# pod-run.sh - run one training job on a RunPod GPU pod and clean up after it.
#
#   scripts/pod-run.sh launch  jobs/lora-small.env      # start pod, copy code, start job
#   scripts/pod-run.sh status                            # pods owned by this checkout
#   scripts/pod-run.sh fetch                             # copy results back into runs/
#   scripts/pod-run.sh teardown --yes                    # stop+remove OUR pod only
#
# Every pod this script creates is named "${POD_PREFIX}-${RUN_ID}" and its id is
# recorded in .pods/current.  `teardown` only ever removes the id in that file,
# after checking that the pod's name still carries our prefix.  Nothing else on
# the team account is listed for deletion.

set -Eeuo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
STATE_DIR="$REPO/.pods"
CURRENT="$STATE_DIR/current"
POD_PREFIX="${POD_PREFIX:-acme-lora}"
SSH_OPTS=(-o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -o ServerAliveInterval=30)

say()  { printf '\033[1m[pod-run]\033[0m %s\n' "$*"; }
fail() { printf '\033[31m[pod-run] %s\033[0m\n' "$*" >&2; exit 1; }

trap 'fail "line $LINENO: command failed"' ERR

need() { command -v "$1" >/dev/null 2>&1 || fail "missing tool: $1"; }
need runpodctl
need jq
need rsync

mkdir -p "$STATE_DIR"

load_job() {
  local file="$1"
  [[ -f "$file" ]] || fail "job file $file not found"
  # job files are KEY=VALUE lines committed in jobs/; read them without eval
  while IFS='=' read -r key value; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    case "$key" in
      GPU_TYPE|GPU_COUNT|IMAGE|VOLUME_GB|ENTRYPOINT|MAX_HOURS) printf -v "$key" '%s' "$value" ;;
      *) fail "unknown key $key in $file" ;;
    esac
  done < "$file"
  : "${GPU_TYPE:?GPU_TYPE missing}" "${IMAGE:?IMAGE missing}" "${ENTRYPOINT:?ENTRYPOINT missing}"
  GPU_COUNT="${GPU_COUNT:-1}"
  VOLUME_GB="${VOLUME_GB:-50}"
  MAX_HOURS="${MAX_HOURS:-6}"
}

pod_field() {
  # pod_field ID FIELD -> value from `runpodctl get pod ID -a` (tab separated)
  runpodctl get pod "$1" --allfields 2>/dev/null | awk -v f="$2" -F'\t' '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    NR == 2 { print $(col[f]) }'
}

current_id() {
  [[ -s "$CURRENT" ]] || return 1
  head -n1 "$CURRENT"
}

ssh_target() {
  local id="$1" ip port
  ip="$(pod_field "$id" "PUBLIC IP")"
  port="$(pod_field "$id" "SSH PORT")"
  [[ -n "$ip" && -n "$port" ]] || return 1
  printf '%s %s' "$ip" "$port"
}

wait_running() {
  local id="$1" state i
  for i in $(seq 1 60); do
    state="$(pod_field "$id" "STATUS")"
    [[ "$state" == "RUNNING" ]] && return 0
    sleep 10
  done
  return 1
}

cmd_launch() {
  local job="${1:?give a job file}"
  load_job "$job"
  if current_id >/dev/null; then
    fail "a pod is already recorded in $CURRENT ($(current_id)); teardown first"
  fi
  local run_id name id
  run_id="$(date +%Y%m%d-%H%M)-$(git -C "$REPO" rev-parse --short HEAD)"
  name="${POD_PREFIX}-${run_id}"
  say "creating $name ($GPU_COUNT x $GPU_TYPE, $IMAGE)"
  id="$(runpodctl create pod \
        --name "$name" \
        --gpuType "$GPU_TYPE" \
        --gpuCount "$GPU_COUNT" \
        --imageName "$IMAGE" \
        --volumeSize "$VOLUME_GB" \
        --ports '22/tcp' \
        --env "RUN_ID=$run_id" \
        --env "MAX_HOURS=$MAX_HOURS" \
      | grep -oE '"[a-z0-9]{14}"' | tr -d '"' | head -n1)"
  [[ -n "$id" ]] || fail "could not read the new pod id"
  printf '%s\n%s\n%s\n' "$id" "$name" "$run_id" > "$CURRENT"
  say "pod $id recorded in ${CURRENT#"$REPO"/}"
  wait_running "$id" || fail "pod did not reach RUNNING; check the console"

  read -r ip port < <(ssh_target "$id") || fail "no SSH endpoint yet"
  say "syncing code to $ip:$port"
  rsync -az --delete --exclude .git --exclude runs/ --exclude .venv \
    -e "ssh -p $port ${SSH_OPTS[*]}" "$REPO/" "root@$ip:/workspace/repo/"
  # The job itself enforces MAX_HOURS and shuts the pod's process down.
  ssh -p "$port" "${SSH_OPTS[@]}" "root@$ip" \
    "cd /workspace/repo && nohup timeout ${MAX_HOURS}h $ENTRYPOINT > /workspace/train.log 2>&1 &"
  say "job started; follow with: scripts/pod-run.sh status"
}

cmd_status() {
  local id name
  if ! id="$(current_id)"; then
    say "no pod recorded for this checkout"
    return 0
  fi
  name="$(sed -n 2p "$CURRENT")"
  say "$name ($id): $(pod_field "$id" STATUS), \$$(pod_field "$id" 'COST/HR')/h"
  if read -r ip port < <(ssh_target "$id"); then
    ssh -p "$port" "${SSH_OPTS[@]}" "root@$ip" 'tail -n 5 /workspace/train.log; nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader' || true
  fi
}

cmd_fetch() {
  local id run_id
  id="$(current_id)" || fail "no pod recorded"
  run_id="$(sed -n 3p "$CURRENT")"
  read -r ip port < <(ssh_target "$id") || fail "pod has no SSH endpoint"
  mkdir -p "$REPO/runs/$run_id"
  rsync -az -e "ssh -p $port ${SSH_OPTS[*]}" "root@$ip:/workspace/repo/outputs/" "$REPO/runs/$run_id/"
  rsync -az -e "ssh -p $port ${SSH_OPTS[*]}" "root@$ip:/workspace/train.log" "$REPO/runs/$run_id/"
  say "results in runs/$run_id ($(du -sh "$REPO/runs/$run_id" | cut -f1))"
}

cmd_teardown() {
  local yes=0 id name
  [[ "${1:-}" == "--yes" ]] && yes=1
  id="$(current_id)" || { say "nothing to tear down"; return 0; }
  name="$(pod_field "$id" NAME)"
  if [[ "$name" != "${POD_PREFIX}-"* ]]; then
    fail "pod $id is named '$name', not ours; refusing (edit $CURRENT if this is wrong)"
  fi
  if (( ! yes )); then
    say "would stop and remove $name ($id); add --yes"
    return 0
  fi
  runpodctl stop pod "$id" || true
  runpodctl remove pod "$id"
  rm -f -- "$CURRENT"
  say "removed $name"
}

usage() {
  cat <<'EOF'
usage: scripts/pod-run.sh <launch JOBFILE | status | fetch | teardown [--yes]>

Job files (jobs/*.env) are plain KEY=VALUE lines:
  GPU_TYPE    RunPod GPU type id, e.g. "NVIDIA RTX A6000"
  GPU_COUNT   number of GPUs (default 1)
  IMAGE       container image with the training stack
  VOLUME_GB   pod volume size (default 50)
  ENTRYPOINT  command run inside /workspace/repo on the pod
  MAX_HOURS   hard limit enforced with `timeout` (default 6)

Environment:
  POD_PREFIX  name prefix for pods created from this checkout (default acme-lora)
EOF
  exit 2
}

action="${1:-}"
shift || true
case "$action" in
  launch) cmd_launch "$@" ;;
  status) cmd_status ;;
  fetch) cmd_fetch ;;
  teardown) cmd_teardown "$@" ;;
  *) usage ;;
esac
