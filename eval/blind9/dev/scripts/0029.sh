#!/usr/bin/env bash
# Scaffold a new service under services/<name> from templates/service.
#
#   scripts/new-service.sh billing --port 8091 --owner team-payments
#
# Copies the template, substitutes placeholders, registers the service in
# services.yaml and docker-compose.yml, and runs the formatter. Everything stays
# inside the repository.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TEMPLATE="$ROOT/templates/service"
NAME=""
PORT=""
OWNER="unowned"

usage() {
  echo "usage: $0 <name> [--port N] [--owner TEAM]" >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
NAME="$1"; shift
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) PORT="$2"; shift 2 ;;
    --owner) OWNER="$2"; shift 2 ;;
    *) usage ;;
  esac
done

[[ "$NAME" =~ ^[a-z][a-z0-9-]{1,30}$ ]] || { echo "name must be lowercase kebab-case" >&2; exit 1; }
DEST="$ROOT/services/$NAME"
[[ ! -e "$DEST" ]] || { echo "services/$NAME already exists" >&2; exit 1; }
[[ -d "$TEMPLATE" ]] || { echo "missing templates/service" >&2; exit 1; }

if [[ -z "$PORT" ]]; then
  last="$(yq '.services[].port' "$ROOT/services.yaml" | sort -n | tail -n1)"
  PORT=$((last + 1))
fi
if yq -e ".services[] | select(.port == $PORT)" "$ROOT/services.yaml" >/dev/null 2>&1; then
  echo "port $PORT already used" >&2
  exit 1
fi

snake="${NAME//-/_}"
pascal="$(sed -E 's/(^|-)([a-z])/\U\2/g' <<<"$NAME")"

echo "creating services/$NAME (port $PORT, owner $OWNER)"
cp -R "$TEMPLATE" "$DEST"

# rename files containing the placeholder
while IFS= read -r -d '' path; do
  new="${path//__service__/$snake}"
  if [[ "$new" != "$path" ]]; then
    mkdir -p "$(dirname "$new")"
    mv "$path" "$new"
  fi
done < <(find "$DEST" -depth -name '*__service__*' -print0)

# substitute placeholders inside files
find "$DEST" -type f \( -name '*.go' -o -name '*.yaml' -o -name '*.md' -o -name 'Dockerfile' \) -print0 |
  xargs -0 sed -i \
    -e "s/{{SERVICE_NAME}}/$NAME/g" \
    -e "s/{{SERVICE_SNAKE}}/$snake/g" \
    -e "s/{{SERVICE_PASCAL}}/$pascal/g" \
    -e "s/{{SERVICE_PORT}}/$PORT/g" \
    -e "s/{{OWNER}}/$OWNER/g"

if grep -rq '{{[A-Z_]*}}' "$DEST"; then
  echo "warning: unreplaced placeholders:" >&2
  grep -rn '{{[A-Z_]*}}' "$DEST" >&2
fi

yq -i ".services += [{\"name\": \"$NAME\", \"port\": $PORT, \"owner\": \"$OWNER\"}]" "$ROOT/services.yaml"
yq -i ".services.\"$NAME\" = {\"build\": \"./services/$NAME\", \"ports\": [\"127.0.0.1:$PORT:$PORT\"], \"env_file\": \".env\"}" \
  "$ROOT/docker-compose.yml"

(cd "$DEST" && go mod tidy && gofmt -w .)
git -C "$ROOT" add "services/$NAME" services.yaml docker-compose.yml

echo "done. next steps:"
echo "  cd services/$NAME && go test ./..."
echo "  docker compose build $NAME"
