#!/usr/bin/env bash
# Lint only the copperleaf workspaces touched since a base ref. Each ecosystem has
# a lint_<kind> function; the walker picks it by the manifest it finds.
set -o errexit -o nounset -o pipefail

base_ref="${1:-origin/main}"
repo_root="$(git rev-parse --show-toplevel)"
cd "$repo_root"

declare -A manifest_kind=(
  [Cargo.toml]=rust
  [go.mod]=go
  [pyproject.toml]=python
  [Gemfile]=ruby
  [mix.exs]=elixir
  [package.json]=node
)
ordered_manifests=(Cargo.toml go.mod pyproject.toml Gemfile mix.exs package.json)

lint_rust()   { (cd "$1" && cargo clippy --quiet -- -D warnings); }
lint_go()     { (cd "$1" && go vet ./...); }
lint_python() { (cd "$1" && ruff check .); }
lint_ruby()   { (cd "$1" && bundle exec rubocop --format simple); }
lint_elixir() { (cd "$1" && mix credo --strict); }
lint_node()   { (cd "$1" && pnpm run --if-present lint); }

workspace_of() {
  local path="$1" dir
  dir="$(dirname "$path")"
  while [[ "$dir" != "." && "$dir" != "/" ]]; do
    local m
    for m in "${ordered_manifests[@]}"; do
      if [[ -f "$dir/$m" ]]; then
        printf '%s\t%s\n' "$dir" "${manifest_kind[$m]}"
        return 0
      fi
    done
    dir="$(dirname "$dir")"
  done
  return 1
}

touched_workspaces() {
  git diff --name-only --diff-filter=ACMR "${base_ref}...HEAD" \
    | while IFS= read -r f; do workspace_of "$f" || true; done \
    | sort -u
}

list_only() {
  local ws kind
  printf '%-48s %s\n' WORKSPACE KIND
  while IFS=$'\t' read -r ws kind; do
    [[ -n "$ws" ]] && printf '%-48s %s\n' "$ws" "$kind"
  done < <(touched_workspaces)
}

if [[ "${LIST_ONLY:-0}" == 1 ]]; then
  list_only
  exit 0
fi

main() {
  local rc=0 ws kind count=0
  local -a failed=()
  while IFS=$'\t' read -r ws kind; do
    [[ -n "$ws" ]] || continue
    count=$((count + 1))
    printf '\n--- %s (%s)\n' "$ws" "$kind"
    if ! "lint_${kind}" "$ws"; then
      failed+=("$ws")
      rc=1
    fi
  done < <(touched_workspaces)

  if (( count == 0 )); then
    echo "no workspaces touched since $base_ref"
  elif (( rc == 0 )); then
    echo "all $count workspace(s) clean"
  else
    printf '\nlint failed in:\n'
    printf '  %s\n' "${failed[@]}"
  fi
  return "$rc"
}

main
