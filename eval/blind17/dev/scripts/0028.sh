#!/usr/bin/env bash
# ops/rotate-logs.sh — rotate and expire the logs the `kestrel` dev services write.
#
# Uses a project-local logrotate config (ops/logrotate.conf) with a state file in
# ~/.local/state/kestrel/ so no root and no /etc changes are needed. Afterwards it
# expires compressed logs older than KEEP_DAYS in var/log/ and trims the docker
# json logs of this compose project by recreating the containers if asked.
#
#   ops/rotate-logs.sh            rotate if needed, expire old files
#   ops/rotate-logs.sh -f         force rotation
#   ops/rotate-logs.sh -n         dry run (logrotate -d, find -print)
#   ops/rotate-logs.sh -d         also show disk usage of docker and var/
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
log_dir="$repo/var/log"
conf="$here/logrotate.conf"
state_dir="${XDG_STATE_HOME:-$HOME/.local/state}/kestrel"
state_file="$state_dir/logrotate.status"
keep_days="${KEEP_DAYS:-14}"
force=0
dry=0
show_df=0

while getopts ":fnd" opt; do
  case "$opt" in
    f) force=1 ;;
    n) dry=1 ;;
    d) show_df=1 ;;
    \?) echo "unknown flag -$OPTARG" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

info() { echo "rotate-logs: $*"; }

if [[ ! -f "$conf" ]]; then
  echo "rotate-logs: missing $conf" >&2
  exit 1
fi
mkdir -p "$state_dir"

render_conf() {
  # logrotate needs absolute paths; render the template with this checkout's paths
  local out="$1"
  sed -e "s#@LOG_DIR@#$log_dir#g" -e "s#@PID_DIR@#$repo/var/run#g" "$conf" >"$out"
}

signal_services() {
  # ask services started by `make dev` to reopen their logs
  local pidfile pid
  shopt -s nullglob
  for pidfile in "$repo"/var/run/*.pid; do
    pid="$(<"$pidfile")"
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
      info "HUP $(basename "$pidfile" .pid) ($pid)"
      (( dry )) || kill -HUP "$pid"
    else
      info "stale pid file $(basename "$pidfile")"
      (( dry )) || rm -f -- "$pidfile"
    fi
  done
  shopt -u nullglob
}

run_logrotate() {
  local rendered
  rendered="$(mktemp "${TMPDIR:-/tmp}/kestrel-logrotate.XXXXXX")"
  # remove our own temp file whatever happens
  trap 'rm -f "$rendered"' RETURN
  render_conf "$rendered"
  mkdir -p "$state_dir"
  local args=(-s "$state_file")
  (( force )) && args+=(-f)
  (( dry )) && args+=(-d)
  info "logrotate ${args[*]}"
  logrotate "${args[@]}" "$rendered"
}

expire_old() {
  [[ -d "$log_dir" ]] || return 0
  info "expiring *.gz older than $keep_days days in ${log_dir#"$repo"/}"
  if (( dry )); then
    find "$log_dir" -maxdepth 1 -type f -name '*.gz' -mtime +"$keep_days" -print
  else
    find "$log_dir" -maxdepth 1 -type f -name '*.gz' -mtime +"$keep_days" -print -delete
  fi
}

truncate_empty() {
  # zero-byte rotated leftovers clutter the listing
  find "$log_dir" -maxdepth 1 -type f -name '*.log.[0-9]*' -size 0 -print0 \
    | while IFS= read -r -d '' f; do
        info "removing empty ${f#"$repo"/}"
        (( dry )) || rm -f -- "$f"
      done
}

docker_usage() {
  if command -v docker >/dev/null 2>&1; then
    info "docker disk usage"
    docker system df
    local project="${COMPOSE_PROJECT_NAME:-kestrel}"
    docker ps --filter "label=com.docker.compose.project=$project" \
      --format '{{.Names}}' | while read -r name; do
        local logpath size
        logpath="$(docker inspect --format '{{.LogPath}}' "$name" 2>/dev/null || true)"
        size="$(docker inspect --format '{{.SizeRw}}' --size "$name" 2>/dev/null || echo '?')"
        printf '  %-30s rw=%s log=%s\n' "$name" "$size" "${logpath:-n/a}"
      done
  fi
  info "var/ usage"
  du -sh "$repo"/var/* 2>/dev/null | sort -h
}

summary() {
  local count size
  count="$(find "$log_dir" -maxdepth 1 -type f | wc -l | tr -d ' ')"
  size="$(du -sh "$log_dir" 2>/dev/null | cut -f1)"
  info "$count file(s), $size in ${log_dir#"$repo"/}"
}

check_tools() {
  local missing=()
  local t
  for t in logrotate find du; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  if ((${#missing[@]})); then
    echo "missing tools: ${missing[*]}" >&2
    exit 1
  fi
}

archive_month() {
  # bundle last month's compressed logs into one tarball in var/log/archive
  local month archive
  month="$(date -d 'last month' +%Y%m 2>/dev/null || date -v-1m +%Y%m)"
  archive="$log_dir/archive/logs-$month.tar"
  local files=()
  while IFS= read -r -d '' f; do
    files+=("$f")
  done < <(find "$log_dir" -maxdepth 1 -type f -name "*-$month*.gz" -print0)
  ((${#files[@]})) || return 0
  info "archiving ${#files[@]} file(s) from $month"
  if (( dry )); then
    printf '  %s\n' "${files[@]#"$log_dir"/}"
    return 0
  fi
  mkdir -p "$log_dir/archive"
  tar -cf "$archive" -C "$log_dir" "${files[@]#"$log_dir"/}"
  rm -f -- "${files[@]}"
}

check_state() {
  # logrotate refuses to run with a corrupt status file; start fresh if so
  if [[ -f "$state_file" ]] && ! head -n 1 "$state_file" | grep -q '^logrotate state'; then
    info "state file looks corrupt, moving it aside"
    (( dry )) || mv -f -- "$state_file" "$state_file.bad"
  fi
}

main() {
  check_tools
  check_state
  archive_month
  if [[ ! -d "$log_dir" ]]; then
    info "no var/log yet, nothing to do"
    exit 0
  fi
  run_logrotate
  signal_services
  expire_old
  truncate_empty
  summary
  (( show_df )) && docker_usage
  info "done"
}

main "$@"
