#!/usr/bin/env bash
# List and (optionally) prune old tags of our image on Docker Hub.
#
#   tools/hub-tags.sh              # list tags with size and last push
#   tools/hub-tags.sh --prune 30   # delete pr-* tags older than 30 days
#
# Logs in with DOCKERHUB_USERNAME / DOCKERHUB_TOKEN against hub.docker.com and
# only touches tags named pr-* of our own repository.
set -euo pipefail

namespace=${HUB_NAMESPACE:-acme}
repo=${HUB_REPO:-app}
hub="https://hub.docker.com/v2"
prune_days=
assume_yes=0

usage() {
  cat <<EOF
usage: $(basename "$0") [--prune DAYS] [--yes]
  --prune DAYS  delete pr-* tags whose last push is older than DAYS
  --yes         do not ask for confirmation before pruning
Environment: DOCKERHUB_USERNAME, DOCKERHUB_TOKEN, HUB_NAMESPACE, HUB_REPO
EOF
}

while (( $# )); do
  case $1 in
    --prune) prune_days=$2; shift 2 ;;
    --yes) assume_yes=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

: "${DOCKERHUB_USERNAME:?}" "${DOCKERHUB_TOKEN:?}"

jwt=$(jq -n --arg u "$DOCKERHUB_USERNAME" --arg p "$DOCKERHUB_TOKEN" '{username: $u, password: $p}' |
  curl -fsS -H 'Content-Type: application/json' -d @- "$hub/users/login" | jq -r .token)
[[ -n $jwt && $jwt != null ]] || { echo "login failed" >&2; exit 1; }

auth=(-H "Authorization: JWT $jwt")

all_tags() {
  local next="$hub/namespaces/$namespace/repositories/$repo/tags?page_size=100"
  while [[ -n $next && $next != null ]]; do
    page=$(curl -fsS "${auth[@]}" "$next")
    jq -c '.results[] | {name, last_pushed: (.tag_last_pushed // .last_updated), size: .full_size}' <<<"$page"
    next=$(jq -r .next <<<"$page")
  done
}

epoch() { date -d "$1" +%s 2>/dev/null || date -j -f '%Y-%m-%dT%H:%M:%S' "${1%%.*}" +%s; }

repo_info() {
  local info
  info=$(curl -fsS "${auth[@]}" "$hub/repositories/$namespace/$repo/")
  jq -r '"pulls: \(.pull_count)  stars: \(.star_count)  last updated: \(.last_updated[0:10])"' <<<"$info"
}

repo_info
tags=$(all_tags)
count=$(wc -l <<<"$tags")
echo "$namespace/$repo: $count tags"
jq -r '"\(.last_pushed[0:10])  \((.size // 0) / 1048576 | floor | tostring | .[0:6]) MiB  \(.name)"' <<<"$tags" |
  sort -r | head -n 40

[[ -n $prune_days ]] || exit 0

if (( ! assume_yes )) && [[ -t 0 ]]; then
  read -r -p "delete pr-* tags older than $prune_days days from $namespace/$repo? [y/N] " answer
  if [[ $answer != [yY]* ]]; then
    echo "aborted"
    exit 0
  fi
fi

cutoff=$(( $(date +%s) - prune_days * 86400 ))
deleted=0
while IFS= read -r row; do
  name=$(jq -r .name <<<"$row")
  [[ $name == pr-* ]] || continue
  pushed=$(jq -r .last_pushed <<<"$row")
  (( $(epoch "$pushed") < cutoff )) || continue
  curl -fsS -X DELETE "${auth[@]}" "$hub/repositories/$namespace/$repo/tags/$name/" >/dev/null
  echo "deleted $name (last push $pushed)"
  deleted=$((deleted + 1))
done <<<"$tags"
echo "deleted $deleted pr-* tags older than $prune_days days"
