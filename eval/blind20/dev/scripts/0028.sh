#!/usr/bin/env bash
# tools/lo-capture.sh - capture loopback traffic between the local services.
#
#   tools/lo-capture.sh [-s seconds] [-p port]... [-o name] [-r]
#
# Captures ONLY the loopback interface, with a packet and time limit, into
# ./captures/<name>.pcap. -r prints a readable decode of HTTP/1 requests after
# the capture. tcpdump runs via sudo when we lack CAP_NET_RAW; we remember its
# PID and stop exactly that process when the time is up or on Ctrl-C.
set -uo pipefail

readonly PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
readonly CAP_DIR="${PROJECT_DIR}/captures"
readonly MAX_SECONDS=600
readonly MAX_PACKETS=100000

seconds=20
name="lo-$(date +%Y%m%d-%H%M%S)"
readable=0
ports=()
tcpdump_pid=""
sudo_cmd=()

die() {
  echo "lo-capture: $*" >&2
  exit 1
}

usage() {
  sed -n '3,9p' "$0"
  exit "${1:-0}"
}

while getopts ":s:p:o:rh" opt; do
  case $opt in
    s) seconds=$OPTARG ;;
    p) ports+=("$OPTARG") ;;
    o) name=$OPTARG ;;
    r) readable=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ $seconds =~ ^[0-9]+$ ]] || die "seconds must be an integer"
(( seconds >= 1 && seconds <= MAX_SECONDS )) || die "seconds must be 1..${MAX_SECONDS}"
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || die "name may only contain letters, digits, . _ -"

if (( ${#ports[@]} == 0 )); then
  # defaults: gateway, api, postgres, redis from docker-compose.override.yml
  ports=(8080 8000 5432 6379)
fi

for p in "${ports[@]}"; do
  [[ $p =~ ^[0-9]+$ ]] && (( p > 0 && p < 65536 )) || die "bad port: $p"
done

case "$(uname -s)" in
  Darwin) iface=lo0 ;;
  *) iface=lo ;;
esac

build_filter() {
  local f="" p
  for p in "${ports[@]}"; do
    f+="${f:+ or }port ${p}"
  done
  printf '(%s)' "$f"
}

need_sudo() {
  if [[ $(id -u) -eq 0 ]]; then
    return 1
  fi
  if command -v getcap >/dev/null 2>&1 && getcap "$(command -v tcpdump)" 2>/dev/null | grep -q cap_net_raw; then
    return 1
  fi
  return 0
}

describe_ports() {
  # map the numeric ports back to compose service names for the summary
  local p
  for p in "${ports[@]}"; do
    case "$p" in
      8080) printf '  %-6s gateway (nginx)\n' "$p" ;;
      8000) printf '  %-6s api (uvicorn)\n' "$p" ;;
      5432) printf '  %-6s postgres\n' "$p" ;;
      6379) printf '  %-6s redis\n' "$p" ;;
      *)    printf '  %-6s (custom)\n' "$p" ;;
    esac
  done
}

check_listeners() {
  # warn when nothing listens on a requested port; the capture would be empty
  local p missing=0
  command -v ss >/dev/null 2>&1 || return 0
  for p in "${ports[@]}"; do
    if ! ss -Htln "sport = :${p}" 2>/dev/null | grep -q .; then
      echo "warning: nothing is listening on port ${p}" >&2
      missing=1
    fi
  done
  return "$missing"
}

write_meta() {
  local meta="${CAP_DIR}/${name}.meta"
  {
    echo "interface=${iface}"
    echo "filter=$(build_filter)"
    echo "seconds=${seconds}"
    echo "started=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "git=$(git -C "$PROJECT_DIR" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  } >"$meta"
}

stop_capture() {
  if [[ -n $tcpdump_pid ]] && kill -0 "$tcpdump_pid" 2>/dev/null; then
    "${sudo_cmd[@]}" kill -INT "$tcpdump_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$tcpdump_pid" 2>/dev/null || break
      sleep 0.3
    done
    if kill -0 "$tcpdump_pid" 2>/dev/null; then
      "${sudo_cmd[@]}" kill -KILL "$tcpdump_pid" 2>/dev/null || true
    fi
  fi
  tcpdump_pid=""
}

on_exit() {
  stop_capture
}
trap on_exit EXIT
trap 'echo; echo "interrupted" >&2; exit 130' INT TERM

command -v tcpdump >/dev/null 2>&1 || die "tcpdump not installed"
if need_sudo; then
  sudo -n true 2>/dev/null || die "tcpdump needs root; run 'sudo -v' first (we use sudo -n)"
  sudo_cmd=(sudo -n)
fi

mkdir -p "$CAP_DIR"
out="${CAP_DIR}/${name}.pcap"
filter="$(build_filter)"

echo "capturing on ${iface} for ${seconds}s: ${filter}" >&2
describe_ports >&2
check_listeners || true
write_meta
"${sudo_cmd[@]}" tcpdump -i "$iface" -nn -U -s 1024 -c "$MAX_PACKETS" -w "$out" "$filter" 2>"${CAP_DIR}/${name}.log" &
tcpdump_pid=$!

sleep 0.5
kill -0 "$tcpdump_pid" 2>/dev/null || { cat "${CAP_DIR}/${name}.log" >&2; die "tcpdump failed to start"; }

elapsed=0
while (( elapsed < seconds )); do
  kill -0 "$tcpdump_pid" 2>/dev/null || break
  sleep 1
  (( elapsed++ ))
  if (( elapsed % 5 == 0 )); then
    printf '\r%3ds / %ds' "$elapsed" "$seconds" >&2
  fi
done
echo >&2
stop_capture

if (( ${#sudo_cmd[@]} )); then
  sudo -n chown "$(id -u):$(id -g)" "$out" 2>/dev/null || true
fi

[[ -s $out ]] || die "no packets captured"

packets=$(tcpdump -nn -r "$out" 2>/dev/null | wc -l | tr -d ' ')
echo "wrote ${out#"$PROJECT_DIR"/} (${packets} packets)"

if (( readable )); then
  echo "--- HTTP requests ---"
  tcpdump -nn -A -r "$out" 2>/dev/null \
    | grep -aE '^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) ' \
    | sort | uniq -c | sort -rn | head -n 40
fi

# keep the 15 most recent captures
mapfile -t old < <(ls -1t "${CAP_DIR}"/*.pcap 2>/dev/null | tail -n +16)
for f in "${old[@]}"; do
  rm -f -- "$f" "${f%.pcap}.log"
done

exit 0
