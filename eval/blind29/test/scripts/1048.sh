#!/usr/bin/env bash
# bench-refresh: update the custom apps of the *development* bench and
# migrate its local sites.
#
#   tools/bench-refresh.sh                 # all custom apps, all *.localhost sites
#   tools/bench-refresh.sh --app hr_addons --site books.localhost
#   tools/bench-refresh.sh --check         # only report what would change
#
# For each custom app (listed in config/custom-apps.txt) under
# <bench>/apps/<app>: refuse to continue when the working tree has
# uncommitted changes (we never stash or reset someone's work), then
# `git pull --ff-only` on the tracked branch.  Afterwards `bench build` for
# the updated apps and `bench --site S migrate` for every selected
# *.localhost site, each preceded by a `bench --site S backup` so a failed
# migration can be restored.  Frappe/ERPNext core apps are not touched.
set -Eeuo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
bench=${BENCH_DIR:-$HOME/frappe-bench}
apps_file="$repo/config/custom-apps.txt"
only_app=""
only_site=""
check_only=0
updated=()

line() { printf -- '--- %s\n' "$*" >&2; }
oops() { printf 'bench-refresh: %s\n' "$*" >&2; exit 1; }

while (( $# )); do
  case $1 in
    --app) only_app=$2; shift 2 ;;
    --site) only_site=$2; shift 2 ;;
    --check) check_only=1; shift ;;
    --bench) bench=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) oops "unknown argument $1" ;;
  esac
done

[[ -d $bench/apps && -d $bench/sites ]] || oops "no bench at $bench"
[[ -f $apps_file ]] || oops "missing ${apps_file#"$repo"/}"
command -v bench >/dev/null || oops "bench CLI not installed"
[[ -z $only_site || $only_site == *.localhost ]] || oops "--site must be a *.localhost development site"

mapfile -t apps < <(grep -Ev '^\s*(#|$)' "$apps_file")
if [[ -n $only_app ]]; then
  printf '%s\n' "${apps[@]}" | grep -qx -- "$only_app" || oops "$only_app is not listed as a custom app"
  apps=("$only_app")
fi

sites=()
for d in "$bench"/sites/*.localhost; do
  [[ -f $d/site_config.json ]] || continue
  s=${d##*/}
  [[ -z $only_site || $s == "$only_site" ]] && sites+=("$s")
done
(( ${#sites[@]} )) || oops "no matching *.localhost sites"

update_app() {
  local app=$1 dir="$bench/apps/$1"
  [[ -d $dir/.git ]] || { line "$app: not a git checkout, skipped"; return 0; }
  local dirty
  dirty=$(git -C "$dir" status --porcelain --untracked-files=no)
  if [[ -n $dirty ]]; then
    line "$app: uncommitted changes – commit or stash them yourself; skipped"
    printf '%s\n' "$dirty" | sed 's/^/      /' >&2
    return 1
  fi
  local branch upstream before after
  branch=$(git -C "$dir" rev-parse --abbrev-ref HEAD)
  upstream=$(git -C "$dir" rev-parse --abbrev-ref --symbolic-full-name '@{u}' 2>/dev/null || true)
  [[ -n $upstream ]] || { line "$app: branch $branch has no upstream, skipped"; return 0; }
  git -C "$dir" fetch --quiet --prune
  before=$(git -C "$dir" rev-parse HEAD)
  after=$(git -C "$dir" rev-parse "$upstream")
  if [[ $before == "$after" ]]; then
    line "$app: up to date ($branch)"
    return 0
  fi
  line "$app: $(git -C "$dir" rev-list --count "$before..$after") new commit(s) on $upstream"
  git -C "$dir" log --oneline "$before..$after" | head -n 10 | sed 's/^/      /' >&2
  if (( check_only )); then
    return 0
  fi
  git -C "$dir" pull --ff-only --quiet
  if git -C "$dir" diff --name-only "$before" HEAD | grep -q '^requirements.txt$\|^pyproject.toml$'; then
    line "$app: dependencies changed, reinstalling into the bench env"
    "$bench/env/bin/pip" install -q -e "$dir"
  fi
  if git -C "$dir" diff --name-only "$before" HEAD | grep -q '^package.json$'; then
    (cd "$dir" && yarn install --frozen-lockfile --silent)
  fi
  updated+=("$app")
}

preflight() {
  # the bench's redis and database must be up, otherwise migrate fails half-way
  local cfg="$bench/sites/common_site_config.json"
  [[ -f $cfg ]] || oops "no common_site_config.json in the bench"
  local port
  for key in redis_cache redis_queue; do
    port=$(jq -r ".$key // empty" "$cfg" | sed 's/.*://')
    [[ -n $port ]] || continue
    redis-cli -p "$port" ping 2>/dev/null | grep -q PONG || oops "$key (port $port) is not running – start the bench first"
  done
  local db_host
  db_host=$(jq -r '.db_host // "127.0.0.1"' "$cfg")
  case $db_host in
    localhost|127.0.0.1|mariadb|db) ;;
    *) oops "bench db_host is $db_host; this tool only refreshes local development benches" ;;
  esac
  line "preflight ok (db_host $db_host)"
}

disk_space() {
  local free_mb
  free_mb=$(df -Pm -- "$bench" | awk 'NR == 2 { print $4 }')
  (( free_mb > 2048 )) || oops "only ${free_mb} MB free; backups before migrate need space"
}

(( check_only )) || { preflight; disk_space; }

failed=0
for app in "${apps[@]}"; do
  update_app "$app" || failed=$((failed + 1))
done

if (( check_only )); then
  line "check only: nothing changed"
  exit $(( failed > 0 ))
fi

if (( ${#updated[@]} )); then
  for app in "${updated[@]}"; do
    line "building assets for $app"
    (cd "$bench" && bench build --app "$app" 2>&1 | tail -n 3)
  done
fi

for site in "${sites[@]}"; do
  line "$site: backup before migrate"
  (cd "$bench" && bench --site "$site" backup >/dev/null)
  line "$site: migrate"
  if ! (cd "$bench" && bench --site "$site" migrate 2>&1 | tail -n 15); then
    line "$site: migration FAILED – newest backup is in sites/$site/private/backups/"
    failed=$((failed + 1))
    continue
  fi
  (cd "$bench" && bench --site "$site" clear-cache)
done

# restart only the bench's own processes (supervisor group or bench start)
if (( ${#updated[@]} )); then
  if (cd "$bench" && bench restart >/dev/null 2>&1); then
    line "bench processes restarted"
  else
    line "bench restart not available (development 'bench start'?) – restart it manually"
  fi
fi

summary="$repo/build/bench-refresh.txt"
mkdir -p -- "$(dirname "$summary")"
{
  echo "date: $(date -Iseconds)"
  echo "bench: $bench"
  echo "updated apps: ${updated[*]:-none}"
  echo "sites: ${sites[*]}"
  echo "failures: $failed"
  for app in "${apps[@]}"; do
    [[ -d $bench/apps/$app/.git ]] || continue
    printf 'app %s at %s\n' "$app" "$(git -C "$bench/apps/$app" rev-parse --short HEAD)"
  done
} > "$summary"
line "summary in ${summary#"$repo"/}"

# list the site versions after the update for the changelog
for site in "${sites[@]}"; do
  (cd "$bench" && bench --site "$site" list-apps 2>/dev/null) | sed "s/^/      $site: /" >&2 || true
done

(( failed == 0 ))
