#!/usr/bin/env bash
# devcontainer-gen.sh - (re)generate .devcontainer/ for the JVM + .NET repo.
#
# Writes, inside the repo only:
#   .devcontainer/devcontainer.json   image, features, forwarded ports, extensions
#   .devcontainer/post-create.sh      restores tools INSIDE the container
# The JDK / .NET versions come from .sdkmanrc and global.json so the container
# matches what CI uses. Ports are forwarded to localhost only by VS Code.
# Nothing is started or installed on the host.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DC="$ROOT/.devcontainer"
CHECK=0
[[ "${1:-}" == "--check" ]] && CHECK=1
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/devcontainer.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

java_version() {
  local v
  v="$(sed -n 's/^java=\([0-9]*\).*/\1/p' "$ROOT/.sdkmanrc" 2>/dev/null)"
  echo "${v:-21}"
}

dotnet_version() {
  local v
  v="$(jq -r '.sdk.version // empty' "$ROOT/global.json" 2>/dev/null)"
  echo "${v%.*}" | cut -d. -f1,2
}

node_version() {
  local v
  v="$(tr -d 'v \n' < "$ROOT/.nvmrc" 2>/dev/null || true)"
  echo "${v:-20}"
}

forward_ports() {
  # ports declared by the project's docker-compose.dev.yml, host side
  if [[ -f "$ROOT/docker-compose.dev.yml" ]]; then
    grep -Eo '"?[0-9]{2,5}:[0-9]{2,5}"?' "$ROOT/docker-compose.dev.yml" |
      tr -d '"' | cut -d: -f1 | sort -un | jq -R 'tonumber' | jq -s .
  else
    echo '[8080, 5000]'
  fi
}

extensions() {
  jq -n '[
    "vscjava.vscode-java-pack",
    "vmware.vscode-spring-boot",
    "ms-dotnettools.csdevkit",
    "editorconfig.editorconfig",
    "redhat.vscode-yaml"
  ]'
}

render_json() {
  local java dotnet node ports exts
  java="$(java_version)"
  dotnet="$(dotnet_version)"
  node="$(node_version)"
  ports="$(forward_ports)"
  exts="$(extensions)"
  jq -n \
    --arg name "$(basename "$ROOT")" \
    --arg java "$java" \
    --arg dotnet "${dotnet:-8.0}" \
    --arg node "$node" \
    --argjson ports "$ports" \
    --argjson exts "$exts" '
  {
    name: $name,
    image: "mcr.microsoft.com/devcontainers/base:bookworm",
    features: {
      "ghcr.io/devcontainers/features/java:1": { version: $java, installGradle: true, installMaven: true },
      "ghcr.io/devcontainers/features/dotnet:2": { version: $dotnet },
      "ghcr.io/devcontainers/features/node:1": { version: $node },
      "ghcr.io/devcontainers/features/docker-outside-of-docker:1": {}
    },
    forwardPorts: $ports,
    postCreateCommand: "bash .devcontainer/post-create.sh",
    remoteUser: "vscode",
    customizations: { vscode: { extensions: $exts, settings: { "task.allowAutomaticTasks": "off" } } },
    mounts: [
      "source=gradle-cache,target=/home/vscode/.gradle,type=volume",
      "source=nuget-cache,target=/home/vscode/.nuget,type=volume"
    ]
  }'
}

render_post_create() {
  cat <<'SH'
#!/usr/bin/env bash
# runs inside the dev container after it is created
set -euo pipefail
cd "$(dirname "$0")/.."
./gradlew --no-daemon -q help
dotnet tool restore
dotnet restore --verbosity quiet
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; fi
echo "dev container ready"
SH
}

place() {
  local src="$1" dest="$2" mode="${3:-644}"
  if [[ -f "$dest" ]] && cmp -s "$src" "$dest"; then
    echo "unchanged ${dest#"$ROOT"/}"
    return 1
  fi
  if ((CHECK)); then
    echo "out of date: ${dest#"$ROOT"/}"
    diff -u "$dest" "$src" 2>/dev/null | head -n 40 || true
    return 0
  fi
  mkdir -p "$(dirname "$dest")"
  install -m "$mode" "$src" "$dest"
  echo "wrote ${dest#"$ROOT"/}"
  return 0
}

validate() {
  jq empty "$STAGE/devcontainer.json"
  bash -n "$STAGE/post-create.sh"
  if command -v devcontainer >/dev/null; then
    devcontainer read-configuration --workspace-folder "$ROOT" >/dev/null 2>&1 ||
      echo "note: devcontainer CLI could not read the current configuration"
  fi
}

gitattributes() {
  # the post-create script must keep LF endings on Windows checkouts
  local ga="$ROOT/.gitattributes"
  if ! grep -q '^\.devcontainer/\*\.sh' "$ga" 2>/dev/null; then
    if ((CHECK)); then
      echo "missing .gitattributes rule for .devcontainer/*.sh"
    else
      echo '.devcontainer/*.sh text eol=lf' >> "$ga"
      echo "added .gitattributes rule for .devcontainer scripts"
    fi
  fi
}

dockerignore() {
  # keep build outputs out of the container build context
  local di="$ROOT/.dockerignore" entry missing=()
  for entry in build/ target/ bin/ obj/ node_modules/ .gradle/; do
    grep -qxF "$entry" "$di" 2>/dev/null || missing+=("$entry")
  done
  ((${#missing[@]})) || return 0
  if ((CHECK)); then
    echo ".dockerignore lacks: ${missing[*]}"
  else
    printf '%s\n' "${missing[@]}" >> "$di"
    echo "added ${#missing[@]} entr(y/ies) to .dockerignore"
  fi
}

readme_hint() {
  if ! grep -q 'devcontainer' "$ROOT/README.md" 2>/dev/null; then
    echo "tip: mention 'Reopen in Container' in README.md for new contributors"
  fi
}

main() {
  render_json > "$STAGE/devcontainer.json"
  render_post_create > "$STAGE/post-create.sh"
  validate
  local changed=0
  place "$STAGE/devcontainer.json" "$DC/devcontainer.json" 644 && changed=1
  place "$STAGE/post-create.sh" "$DC/post-create.sh" 755 && changed=1
  gitattributes
  dockerignore
  readme_hint
  echo "java $(java_version), dotnet $(dotnet_version), node $(node_version)"
  if ((CHECK && changed)); then
    exit 1
  fi
}

main
