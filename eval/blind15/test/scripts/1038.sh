#!/usr/bin/env bash
# scan.sh - container and IaC hygiene checks used before opening a PR.
#
#   tools/scan.sh                 all checks that are installed
#   tools/scan.sh secrets         only the secret scanners
#   tools/scan.sh docker iac      Dockerfiles + Terraform
#
# Checks: gitleaks + trufflehog (filesystem, --no-verification so found
# strings are never sent anywhere), hadolint, checkov, tfsec, bandit.
# Results: reports/scan/<check>.{json,txt} plus reports/scan/summary.txt.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

OUT="reports/scan"
WORK="$(mktemp -d -t ledger-scan.XXXXXX)"
trap 'rm -rf -- "$WORK"' EXIT
mkdir -p "$OUT"

GROUPS_WANTED=("$@")
(( ${#GROUPS_WANTED[@]} )) || GROUPS_WANTED=(secrets docker iac python)

declare -A STATUS=()
declare -A DETAIL=()
ORDER=()

have() { command -v "$1" >/dev/null 2>&1; }

record() {
  local name="$1" status="$2" detail="$3"
  ORDER+=("$name")
  STATUS[$name]="$status"
  DETAIL[$name]="$detail"
  printf '%-12s %-8s %s\n' "$name" "$status" "$detail"
}

run_gitleaks() {
  have gitleaks || { record gitleaks skip "not installed"; return; }
  gitleaks detect --no-banner --redact --exit-code 0 --report-format json \
    --report-path "$OUT/gitleaks.json" --source . >"$WORK/gitleaks.log" 2>&1
  local n
  n="$(jq 'length' "$OUT/gitleaks.json" 2>/dev/null || echo 0)"
  if (( n > 0 )); then record gitleaks FAIL "$n finding(s), redacted"; else record gitleaks ok "clean"; fi
}

run_trufflehog() {
  have trufflehog || { record trufflehog skip "not installed"; return; }
  trufflehog filesystem . --no-update --no-verification --json \
    --exclude-paths=<(printf '%s\n' 'node_modules/' 'vendor/' '\.git/') \
    > "$OUT/trufflehog.json" 2>"$WORK/trufflehog.log"
  local n
  n="$(grep -c '"DetectorName"' "$OUT/trufflehog.json" || true)"
  if (( n > 0 )); then record trufflehog FAIL "$n candidate(s)"; else record trufflehog ok "clean"; fi
}

run_hadolint() {
  have hadolint || { record hadolint skip "not installed"; return; }
  local files
  mapfile -t files < <(git ls-files '*Dockerfile*')
  (( ${#files[@]} )) || { record hadolint skip "no Dockerfiles"; return; }
  if hadolint --format tty "${files[@]}" > "$OUT/hadolint.txt" 2>&1; then
    record hadolint ok "${#files[@]} file(s)"
  else
    record hadolint FAIL "$(grep -c 'DL[0-9]\|SC[0-9]' "$OUT/hadolint.txt") issue(s)"
  fi
}

run_checkov() {
  have checkov || { record checkov skip "not installed"; return; }
  [[ -d infra ]] || { record checkov skip "no infra/"; return; }
  checkov -d infra --quiet --compact -o json > "$OUT/checkov.json" 2>"$WORK/checkov.log"
  local failed
  failed="$(jq '[.. | objects | select(has("failed")) | .failed] | add // 0' "$OUT/checkov.json" 2>/dev/null || echo '?')"
  if [[ "$failed" == "0" ]]; then record checkov ok "all passed"; else record checkov FAIL "$failed failed check(s)"; fi
}

run_tfsec() {
  have tfsec || { record tfsec skip "not installed"; return; }
  [[ -d infra/terraform ]] || { record tfsec skip "no terraform"; return; }
  tfsec infra/terraform --no-colour --format json --minimum-severity MEDIUM > "$OUT/tfsec.json" 2>/dev/null
  local n
  n="$(jq '.results | length' "$OUT/tfsec.json" 2>/dev/null || echo 0)"
  if (( n > 0 )); then record tfsec FAIL "$n result(s)"; else record tfsec ok "clean"; fi
}

run_bandit() {
  have bandit || { record bandit skip "not installed"; return; }
  [[ -d src ]] || { record bandit skip "no src/"; return; }
  bandit -r src -q -ll -f json -o "$OUT/bandit.json" >/dev/null 2>&1
  local n
  n="$(jq '.results | length' "$OUT/bandit.json" 2>/dev/null || echo 0)"
  if (( n > 0 )); then record bandit FAIL "$n medium+ issue(s)"; else record bandit ok "clean"; fi
}

run_shellcheck() {
  have shellcheck || { record shellcheck skip "not installed"; return; }
  local files
  mapfile -t files < <(git ls-files '*.sh')
  (( ${#files[@]} )) || { record shellcheck skip "no shell scripts"; return; }
  if shellcheck -S warning -f gcc "${files[@]}" > "$OUT/shellcheck.txt" 2>&1; then
    record shellcheck ok "${#files[@]} script(s)"
  else
    record shellcheck FAIL "$(wc -l < "$OUT/shellcheck.txt") warning(s)"
  fi
}

compare_with_main() {
  # show which findings are new compared to the last run on main, if saved
  local base="reports/scan/baseline"
  [[ -d "$base" ]] || return 0
  local name old new
  for name in "${ORDER[@]}"; do
    [[ -f "$base/$name.json" && -f "$OUT/$name.json" ]] || continue
    old="$(jq 'length? // 0' "$base/$name.json" 2>/dev/null || echo 0)"
    new="$(jq 'length? // 0' "$OUT/$name.json" 2>/dev/null || echo 0)"
    if [[ "$new" != "$old" ]]; then
      printf '  %-12s %s -> %s\n' "$name" "$old" "$new"
    fi
  done
}

usage() {
  cat <<'EOF'
groups:
  secrets   gitleaks (redacted) + trufflehog (no verification)
  docker    hadolint on tracked Dockerfiles
  iac       checkov + tfsec on infra/
  python    bandit on src/
  shell     shellcheck on tracked *.sh
EOF
}

[[ "${GROUPS_WANTED[0]}" == "--help" ]] && { usage; exit 0; }

for group in "${GROUPS_WANTED[@]}"; do
  case "$group" in
    secrets) run_gitleaks; run_trufflehog ;;
    docker) run_hadolint ;;
    iac) run_checkov; run_tfsec ;;
    python) run_bandit ;;
    shell) run_shellcheck ;;
    *) echo "unknown group $group (secrets docker iac python shell)" >&2; exit 2 ;;
  esac
done

FAILED=0
{
  echo "scan $(date -u +%FT%TZ) on $(git rev-parse --short HEAD)"
  for name in "${ORDER[@]}"; do
    printf '%-12s %-8s %s\n' "$name" "${STATUS[$name]}" "${DETAIL[$name]}"
    [[ "${STATUS[$name]}" == FAIL ]] && FAILED=1
  done
} > "$OUT/summary.txt"

echo
compare_with_main
echo "summary: $OUT/summary.txt"
exit "$FAILED"
