#!/usr/bin/env bash
# Codemod for the Go services: move from github.com/pkg/errors to the standard
# library (fmt.Errorf with %w, errors.Is/As), using comby for the structural
# rewrites and goimports/gofmt for cleanup.
#
#   tools/codemod_pkg_errors.sh [--dry] [--module services/ingest]
#
# Only .go files tracked by git inside the chosen module(s) are touched, vendored
# code and generated files (// Code generated ... DO NOT EDIT.) are skipped. With
# --dry comby prints a diff and nothing is written. Afterwards `go build ./...`
# and `go vet ./...` run for each touched module; the rewrite is left in the
# working tree for review either way.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
dry=0
modules=()

while (( $# )); do
  case "$1" in
    --dry) dry=1; shift ;;
    --module) modules+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

if (( ${#modules[@]} == 0 )); then
  mapfile -t modules < <(git ls-files '*/go.mod' 'go.mod' | xargs -n1 dirname | sort -u)
fi

for tool in comby gofmt goimports go; do
  command -v "$tool" >/dev/null || { echo "$tool not found" >&2; exit 1; }
done

RULES_DIR="$(mktemp -d)"
trap 'rm -rf "$RULES_DIR"' EXIT

cat >"$RULES_DIR/rules.toml" <<'TOML'
[wrap]
match = "errors.Wrap(:[err], :[msg])"
rewrite = "fmt.Errorf(:[msg] + \": %w\", :[err])"

[wrapf]
match = "errors.Wrapf(:[err], \":[fmt]\", :[args])"
rewrite = "fmt.Errorf(\":[fmt]: %w\", :[args], :[err])"

[cause]
match = "errors.Cause(:[err]) == :[target]"
rewrite = "errors.Is(:[err], :[target])"

[withstack]
match = "errors.WithStack(:[err])"
rewrite = ":[err]"
TOML

go_files() {
  local mod="$1"
  git ls-files -- "$mod/*.go" "$mod/**/*.go" \
    | grep -v '/vendor/' \
    | while IFS= read -r f; do
        head -n 5 "$f" | grep -q 'Code generated .* DO NOT EDIT' || printf '%s\n' "$f"
      done
}

uses_pkg_errors() {
  grep -l '"github.com/pkg/errors"' "$@" 2>/dev/null || true
}

rewrite_imports() {
  local f
  for f in "$@"; do
    sed -i.bak 's#"github.com/pkg/errors"#"errors"#' "$f" && rm -f "$f.bak"
  done
  goimports -w "$@"
  gofmt -s -w "$@"
}

check_module() {
  local mod="$1"
  (cd "$mod" && go build ./... && go vet ./...)
}

tidy_module() {
  # drop github.com/pkg/errors from go.mod once nothing imports it any more
  local mod="$1"
  if ! grep -rq '"github.com/pkg/errors"' --include='*.go' "$mod" 2>/dev/null; then
    (cd "$mod" && go mod tidy)
    echo "  go.mod tidied for $mod"
  fi
}

check_go_version() {
  # errors.Is/As and %w need Go >= 1.13; every module here should declare at least 1.21.
  local mod want="1.21" have
  for mod in "${modules[@]}"; do
    have="$(awk '/^go [0-9]/ {print $2; exit}' "$mod/go.mod" 2>/dev/null)"
    if [[ -z "$have" ]]; then
      echo "warning: $mod/go.mod has no go directive"
    elif [[ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n 1)" != "$want" ]]; then
      echo "warning: $mod declares go $have (< $want)"
    fi
  done
}

call_site_report() {
  # Count remaining pkg/errors call sites per module so progress is visible across runs.
  local mod n
  printf '%-28s %s\n' MODULE "pkg/errors call sites"
  for mod in "${modules[@]}"; do
    n="$(git grep -c -E 'errors\.(Wrap|Wrapf|Cause|WithStack|WithMessage)\(' -- "$mod/*.go" "$mod/**/*.go" 2>/dev/null \
      | awk -F: '{ total += $2 } END { print total + 0 }')"
    printf '%-28s %s\n' "$mod" "$n"
  done
}

main() {
  check_go_version
  call_site_report
  local mod files targets changed_total=0 failed=()
  for mod in "${modules[@]}"; do
    mapfile -t files < <(go_files "$mod")
    (( ${#files[@]} )) || continue
    mapfile -t targets < <(uses_pkg_errors "${files[@]}")
    (( ${#targets[@]} )) || { echo "$mod: nothing to do"; continue; }
    echo "$mod: ${#targets[@]} files import github.com/pkg/errors"
    if (( dry )); then
      comby -config "$RULES_DIR/rules.toml" -f "${targets[@]}" -diff || true
      continue
    fi
    comby -config "$RULES_DIR/rules.toml" -f "${targets[@]}" -in-place
    rewrite_imports "${targets[@]}"
    changed_total=$((changed_total + ${#targets[@]}))
    if check_module "$mod"; then
      tidy_module "$mod"
    else
      failed+=("$mod")
    fi
  done
  if (( dry )); then
    echo "dry run complete"
    return 0
  fi
  echo "rewrote $changed_total files"
  git diff --stat | tail -n 1
  if (( ${#failed[@]} )); then
    echo "build/vet failed in: ${failed[*]} (fix by hand before committing)"
    return 1
  fi
  remaining="$(git grep -l '"github.com/pkg/errors"' -- '*.go' ':!**/vendor/**' || true)"
  if [[ -n "$remaining" ]]; then
    echo "still importing pkg/errors (patterns the codemod does not cover):"
    printf '  %s\n' $remaining
  fi
  call_site_report
}

main
