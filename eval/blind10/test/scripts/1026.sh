#!/usr/bin/env bash
# each-module.sh - run `go vet` and `go test` in every Go module of the repo
# (any directory with a go.mod), several modules at a time, and summarise.
set -uo pipefail

root="$(git rev-parse --show-toplevel)"
jobs_max="${JOBS:-4}"
run_tests=1
pattern=""
list_only=0

for arg in "$@"; do
  case "$arg" in
    --vet-only) run_tests=0 ;;
    --list) list_only=1 ;;
    --match=*) pattern="${arg#--match=}" ;;
    *) echo "unknown argument $arg" >&2; exit 2 ;;
  esac
done

logdir="$root/.cache/each-module"
mkdir -p "$logdir"
rm -f -- "$logdir"/*.log "$logdir"/*.status

mapfile -t modules < <(git -C "$root" ls-files '*go.mod' | xargs -r -n1 dirname | sort)
if [[ -n "$pattern" ]]; then
  filtered=()
  for m in "${modules[@]}"; do
    [[ "$m" == *"$pattern"* ]] && filtered+=("$m")
  done
  modules=("${filtered[@]}")
fi

if (( ${#modules[@]} == 0 )); then
  echo "no modules selected"
  exit 0
fi

if (( list_only )); then
  printf '%s\n' "${modules[@]}"
  exit 0
fi

check_module() {
  local mod="$1" slug log
  slug="${mod//\//_}"
  [[ "$slug" == "." ]] && slug="root"
  log="$logdir/$slug.log"
  (
    cd "$root/$mod" || exit 1
    go vet ./... || exit 1
    if (( run_tests )); then
      go test -count=1 ./... || exit 1
    fi
  ) >"$log" 2>&1
  echo $? > "$logdir/$slug.status"
}

running=0
for mod in "${modules[@]}"; do
  check_module "$mod" &
  running=$((running + 1))
  if (( running >= jobs_max )); then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=0
for mod in "${modules[@]}"; do
  slug="${mod//\//_}"
  [[ "$slug" == "." ]] && slug="root"
  status="$(cat "$logdir/$slug.status" 2>/dev/null || echo 1)"
  if [[ "$status" == "0" ]]; then
    printf '  pass  %s\n' "$mod"
  else
    printf '  FAIL  %s  (log: %s)\n' "$mod" "${logdir#$root/}/$slug.log"
    failed=$((failed + 1))
  fi
done

echo "${#modules[@]} module(s), $failed failed"
(( failed == 0 ))
