#!/usr/bin/env bash
# Lint only the files changed against the base branch, grouped by type.
# Uses mapfile + an associative array mapping extensions to linters.
set -uo pipefail

base=${BASE_REF:-origin/main}
declare -A linter=(
  [py]="ruff check"
  [ts]="eslint --max-warnings=0"
  [tsx]="eslint --max-warnings=0"
  [sh]="shellcheck -x"
  [yml]="yamllint -s"
  [yaml]="yamllint -s"
  [md]="markdownlint"
)
declare -A files_by_ext=()
declare -A status=()

git rev-parse --verify -q "$base" >/dev/null || {
  echo "base ref $base not found; fetch it first" >&2
  exit 2
}

mapfile -t changed < <(git diff --name-only --diff-filter=ACMR "$base"...HEAD)
mapfile -t untracked < <(git ls-files --others --exclude-standard)
changed+=("${untracked[@]}")

if [[ ${#changed[@]} -eq 0 ]]; then
  echo "no changed files against $base"
  exit 0
fi

for f in "${changed[@]}"; do
  [[ -f $f ]] || continue
  ext=${f##*.}
  [[ -n ${linter[$ext]+x} ]] || continue
  files_by_ext[$ext]+="$f"$'\n'
done

overall=0
for ext in "${!files_by_ext[@]}"; do
  mapfile -t group <<< "${files_by_ext[$ext]%$'\n'}"
  read -r -a cmd <<< "${linter[$ext]}"
  if ! command -v "${cmd[0]}" >/dev/null; then
    status[$ext]="skipped (${cmd[0]} not installed)"
    continue
  fi
  echo "== ${cmd[*]} (${#group[@]} .$ext file(s))"
  if "${cmd[@]}" "${group[@]}"; then
    status[$ext]="ok"
  else
    status[$ext]="FAILED"
    overall=1
  fi
done

echo
echo "summary:"
for ext in $(printf '%s\n' "${!status[@]}" | sort); do
  printf '  %-5s %s\n' ".$ext" "${status[$ext]}"
done

skipped=()
for f in "${changed[@]}"; do
  ext=${f##*.}
  [[ -n ${linter[$ext]+x} ]] || skipped+=("$f")
done
if [[ ${#skipped[@]} -gt 0 ]]; then
  echo "  (${#skipped[@]} changed file(s) have no linter configured)"
fi

if [[ $overall -ne 0 ]]; then
  echo "lint failed" >&2
  echo "fix the issues above, or run the linter directly, e.g.:" >&2
  for ext in "${!status[@]}"; do
    if [[ ${status[$ext]} == FAILED ]]; then
      echo "  ${linter[$ext]} <files>" >&2
    fi
  done
fi
exit "$overall"
