#!/usr/bin/env bash
#
# lowcode-dev.sh - manage the local low-code stack (n8n + NocoDB + Postgres)
#
#   up        start the stack (docker compose, ports bound to 127.0.0.1)
#   down      stop it, keep data
#   reset     stop it AND delete its named volumes, then start fresh and seed
#             (asks for confirmation; --yes to skip in scripts)
#   seed      import workflows from automation/workflows and NocoDB fixtures
#   logs      follow logs of one service
#   ps        status
#
# All compose calls are pinned to the project name "lowcode-dev" and the
# compose file in this repo, so `reset` only removes the volumes of this
# stack (lowcode-dev_n8n_data, lowcode-dev_nocodb_data, lowcode-dev_pg_data).

set -Eeuo pipefail

base_dir="$(cd "$(dirname "$0")/.." && pwd)"
compose_file="$base_dir/infra/lowcode/compose.yaml"
project="lowcode-dev"
volumes=(n8n_data nocodb_data pg_data)
yes=0

compose() { docker compose -p "$project" -f "$compose_file" "$@"; }
msg() { printf '\033[1;36mlowcode-dev\033[0m %s\n' "$*"; }
die() { printf '\033[1;31mlowcode-dev\033[0m %s\n' "$*" >&2; exit 1; }

ask() {
  (( yes )) && return 0
  [[ -t 0 ]] || die "not a terminal; re-run with --yes to confirm: $1"
  local r
  read -r -p "$1 [y/N] " r
  [[ "$r" == [yY] || "$r" == [yY][eE][sS] ]]
}

check_ports_local() {
  # refuse to start when the compose file would publish on all interfaces
  local bad
  bad="$(compose config --format json | jq -r '.services[] | (.ports // [])[] | select((.host_ip // "") != "127.0.0.1") | "\(.published):\(.target)"')"
  [[ -z "$bad" ]] || die "ports published on all interfaces: $bad (bind them to 127.0.0.1 in compose.yaml)"
}

wait_healthy() {
  local svc="$1" tries=60 state
  while (( tries-- > 0 )); do
    state="$(compose ps --format json "$svc" 2>/dev/null | jq -r 'if type == "array" then .[0].Health else .Health end // "unknown"')"
    [[ "$state" == healthy ]] && { msg "$svc healthy"; return 0; }
    sleep 2
  done
  compose logs --tail=40 "$svc" >&2
  die "$svc did not become healthy"
}

cmd_up() {
  check_ports_local
  compose up -d
  wait_healthy postgres
  wait_healthy n8n
  wait_healthy nocodb
  msg "n8n:    http://localhost:5678"
  msg "NocoDB: http://localhost:8090"
}

cmd_down() {
  compose down
  msg "stack stopped; data volumes kept (use reset to wipe them)"
}

cmd_urls() {
  # print where the services are reachable, from the compose config itself
  compose config --format json | jq -r '
    .services | to_entries[] | .key as $svc
    | (.value.ports // [])[] | "\($svc): http://\(.host_ip // "0.0.0.0"):\(.published)"'
}

cmd_reset() {
  local v names=()
  for v in "${volumes[@]}"; do names+=("${project}_$v"); done
  ask "delete volumes ${names[*]} and all local n8n/NocoDB data?" || die "aborted"
  compose down --remove-orphans
  for v in "${names[@]}"; do
    if docker volume inspect "$v" >/dev/null 2>&1; then
      # only volumes that carry our compose project label
      if [[ "$(docker volume inspect -f '{{ index .Labels "com.docker.compose.project" }}' "$v")" == "$project" ]]; then
        docker volume rm "$v" >/dev/null
        msg "removed volume $v"
      else
        msg "volume $v is not labelled for $project; left alone"
      fi
    fi
  done
  cmd_up
  cmd_seed
}

cmd_seed() {
  local wf_dir="$base_dir/automation/workflows"
  if compgen -G "$wf_dir/*.json" >/dev/null; then
    compose exec -T n8n mkdir -p /tmp/seed
    compose cp "$wf_dir/." n8n:/tmp/seed/
    compose exec -T n8n n8n import:workflow --separate --input=/tmp/seed/
    compose exec -T n8n rm -rf /tmp/seed
    msg "imported $(ls "$wf_dir"/*.json | wc -l) workflow(s) into n8n"
  fi
  local token
  token="$(sed -n 's/^NOCODB_SEED_TOKEN=//p' "$base_dir/infra/lowcode/.env" 2>/dev/null)"
  if [[ -n "$token" ]]; then
    local f
    for f in "$base_dir"/fixtures/nocodb/*.csv; do
      [[ -e "$f" ]] || continue
      curl -fsS -X POST "http://localhost:8090/api/v2/tables/$(basename "$f" .csv)/records" \
        -H "xc-token: $token" -H 'Content-Type: application/json' \
        --data-binary "$(python3 -c 'import csv, json, sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1])))))' "$f")" \
        >/dev/null && msg "seeded $(basename "$f")"
    done
  else
    msg "NOCODB_SEED_TOKEN not set in infra/lowcode/.env; skipping NocoDB fixtures"
  fi
}

cmd_export() {
  # dump workflows (never credentials) from the running n8n back into the repo
  local wf_dir="$base_dir/automation/workflows"
  mkdir -p "$wf_dir"
  compose exec -T n8n sh -c 'rm -rf /tmp/export && mkdir -p /tmp/export && n8n export:workflow --all --separate --output=/tmp/export/' >/dev/null
  compose cp n8n:/tmp/export/. "$wf_dir/"
  compose exec -T n8n rm -rf /tmp/export
  local f
  for f in "$wf_dir"/*.json; do
    [[ -e "$f" ]] || continue
    jq 'del(.id, .versionId, .updatedAt, .createdAt)' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
  done
  msg "exported workflows to ${wf_dir#"$base_dir"/}"
  git -C "$base_dir" status --short -- "$wf_dir" || true
}

cmd_doctor() {
  # quick health overview for bug reports
  msg "docker: $(docker version --format '{{.Server.Version}}' 2>/dev/null || echo 'not reachable')"
  msg "compose project: $project"
  compose ps --format 'table {{.Service}}\t{{.State}}\t{{.Health}}' || true
  local v
  for v in "${volumes[@]}"; do
    if docker volume inspect "${project}_$v" >/dev/null 2>&1; then
      msg "volume ${project}_$v: $(docker run --rm -v "${project}_$v:/v:ro" alpine du -sh /v 2>/dev/null | cut -f1)"
    fi
  done
}

cmd_logs() {
  local svc="${1:-n8n}"
  case "$svc" in n8n|nocodb|postgres) ;; *) die "unknown service $svc" ;; esac
  compose logs -f --tail=100 "$svc"
}

main() {
  local args=() a
  for a in "$@"; do
    if [[ "$a" == --yes ]]; then yes=1; else args+=("$a"); fi
  done
  set -- "${args[@]+"${args[@]}"}"
  command -v docker >/dev/null || die "docker is required"
  command -v jq >/dev/null || die "jq is needed for compose config parsing"
  [[ -f "$compose_file" ]] || die "missing ${compose_file#"$base_dir"/}"
  case "${1:-ps}" in
    up) cmd_up ;;
    down) cmd_down ;;
    reset) cmd_reset ;;
    seed) cmd_seed ;;
    export) cmd_export ;;
    doctor) cmd_doctor ;;
    urls) cmd_urls ;;
    logs) shift; cmd_logs "${1:-n8n}" ;;
    ps) compose ps ;;
    *) die "usage: $0 up|down|reset|seed|logs [svc]|ps [--yes]" ;;
  esac
}

main "$@"
