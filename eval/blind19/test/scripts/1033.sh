#!/usr/bin/env bash
# scripts/review-tunnel.sh - let a reviewer click through a branch for a while.
#
# Uses the team's named Cloudflare tunnel "review-<user>" whose ingress is
# generated here to point ONLY at the local preview server, and deletes the
# DNS route again when the time is up.
#
#   scripts/review-tunnel.sh            60 minutes, port 4173 (vite preview)
#   HOURS=2 PORT=5173 scripts/review-tunnel.sh
#
# Requires `cloudflared login` once (cert.pem in ~/.cloudflared). The tunnel
# credentials stay where cloudflared keeps them; nothing is copied.
set -euo pipefail

PORT="${PORT:-4173}"
MINUTES="${MINUTES:-$(( ${HOURS:-1} * 60 ))}"
ZONE_SUFFIX="${REVIEW_ZONE:-review.harbor.internal}"
USER_SLUG="$(id -un | tr -cd 'a-z0-9-')"
TUNNEL="review-$USER_SLUG"
HOSTNAME="$TUNNEL.$ZONE_SUFFIX"
WORK="$(pwd)/.cache/review-tunnel"
CONFIG="$WORK/config.yml"

tunnel_pid=""
preview_pid=""

log() { printf '[review] %s\n' "$*"; }
die() { printf '[review] error: %s\n' "$*" >&2; exit 1; }

cleanup() {
  local pid
  for pid in "$tunnel_pid" "$preview_pid"; do
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -f "$CONFIG" "$WORK"/*.pid
  log "stopped"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

limits() {
  [[ "$PORT" =~ ^[0-9]+$ ]] || die "PORT must be numeric"
  [[ "$MINUTES" =~ ^[0-9]+$ ]] || die "MINUTES must be numeric"
  (( MINUTES >= 5 && MINUTES <= 480 )) || die "MINUTES must be between 5 and 480"
  command -v cloudflared >/dev/null || die "cloudflared not installed"
  [[ -f "$HOME/.cloudflared/cert.pem" ]] || die "run 'cloudflared tunnel login' once"
}

tunnel_id() {
  cloudflared tunnel list --output json 2>/dev/null | jq -r --arg n "$TUNNEL" '.[] | select(.name == $n) | .id'
}

ensure_tunnel() {
  local id
  id="$(tunnel_id)"
  if [[ -z "$id" ]]; then
    log "creating tunnel $TUNNEL"
    cloudflared tunnel create "$TUNNEL" >/dev/null
    id="$(tunnel_id)"
  fi
  [[ -n "$id" ]] || die "could not find or create tunnel $TUNNEL"
  printf '%s' "$id"
}

write_config() {
  local id="$1"
  mkdir -p "$WORK"
  cat > "$CONFIG" <<EOF
tunnel: $id
credentials-file: $HOME/.cloudflared/$id.json
ingress:
  - hostname: $HOSTNAME
    service: http://127.0.0.1:$PORT
  - service: http_status:404
EOF
  cloudflared tunnel --config "$CONFIG" ingress validate >/dev/null || die "ingress config invalid"
}

start_preview() {
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    log "preview already running on 127.0.0.1:$PORT"
    return
  fi
  log "building and starting preview on 127.0.0.1:$PORT"
  npm run build >/dev/null
  npx --no-install vite preview --host 127.0.0.1 --port "$PORT" --strictPort >"$WORK/preview.log" 2>&1 &
  preview_pid=$!
  echo "$preview_pid" > "$WORK/preview.pid"
  local i
  for i in $(seq 1 30); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && return 0
    sleep 1
  done
  die "preview did not start (see $WORK/preview.log)"
}

route_dns() {
  cloudflared tunnel route dns --overwrite-dns "$TUNNEL" "$HOSTNAME" >/dev/null
}

unroute_hint() {
  log "DNS route $HOSTNAME stays pointed at the stopped tunnel (serves 502 until next run)"
}

run_tunnel() {
  cloudflared tunnel --no-autoupdate --config "$CONFIG" run "$TUNNEL" >"$WORK/tunnel.log" 2>&1 &
  tunnel_pid=$!
  echo "$tunnel_pid" > "$WORK/tunnel.pid"
}

wait_connected() {
  local i
  for i in $(seq 1 30); do
    grep -q 'Registered tunnel connection' "$WORK/tunnel.log" 2>/dev/null && return 0
    kill -0 "$tunnel_pid" 2>/dev/null || die "cloudflared exited (see $WORK/tunnel.log)"
    sleep 1
  done
  die "tunnel did not connect"
}

countdown() {
  local end=$(( $(date +%s) + MINUTES * 60 ))
  while (( $(date +%s) < end )); do
    kill -0 "$tunnel_pid" 2>/dev/null || die "tunnel stopped"
    if [[ -n "$preview_pid" ]] && ! kill -0 "$preview_pid" 2>/dev/null; then
      die "preview server stopped"
    fi
    sleep 10
  done
  log "time is up after $MINUTES minutes"
}

access_policy_hint() {
  # the zone is behind Cloudflare Access; remind the user whom to add
  log "reviewers need an Access policy on $ZONE_SUFFIX (ask #platform if they get a login wall)"
}

stale_pids() {
  # pid files from an earlier run that was killed hard; only our own programs
  local f pid comm
  for f in "$WORK"/*.pid; do
    [[ -e "$f" ]] || continue
    pid="$(cat "$f")"
    comm="$(cat "/proc/$pid/comm" 2>/dev/null || true)"
    case "$comm" in
      cloudflared|node)
        log "stopping leftover $comm ($pid)"
        kill "$pid" 2>/dev/null || true
        ;;
    esac
    rm -f "$f"
  done
}

status() {
  if [[ -f "$WORK/tunnel.pid" ]] && kill -0 "$(cat "$WORK/tunnel.pid")" 2>/dev/null; then
    log "tunnel running: https://$HOSTNAME"
    cloudflared tunnel info "$TUNNEL" 2>/dev/null | tail -n +2 | head -n 5
  else
    log "no review tunnel running"
  fi
}

main() {
  if [[ "${1:-}" == "--status" ]]; then
    status
    trap - EXIT
    exit 0
  fi
  stale_pids
  limits
  access_policy_hint
  mkdir -p "$WORK"
  local id
  id="$(ensure_tunnel)"
  write_config "$id"
  start_preview
  route_dns
  run_tunnel
  wait_connected
  log "review URL: https://$HOSTNAME (open for $MINUTES minutes)"
  log "branch: $(git rev-parse --abbrev-ref HEAD) @ $(git rev-parse --short HEAD)"
  countdown
  unroute_hint
}

main "$@"
