#!/usr/bin/env bash
# security-scan.sh - run every scanner the repo uses and fail on HIGH+.
#
#   scripts/security-scan.sh              # everything that is installed
#   scripts/security-scan.sh trivy gitleaks
#   SCAN_FAIL_ON=critical scripts/security-scan.sh
#
# Output: reports/security/<tool>.{json,txt} and reports/security/SUMMARY.md
# New findings relative to security-baseline.json are listed in
# reports/security/new-findings.txt. Secrets found by gitleaks are redacted.
# Exit code: 0 clean, 1 findings or scanner error, 2 usage error.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$ROOT"

OUT="reports/security"
SCRATCH="build/scan-scratch"
FAIL_ON="${SCAN_FAIL_ON:-high}"
ALL_TOOLS=(trivy gitleaks semgrep osv npm cargo)
TOOLS=("$@")
(( ${#TOOLS[@]} )) || TOOLS=("${ALL_TOOLS[@]}")

case "$FAIL_ON" in
  low|medium|high|critical) ;;
  *) echo "SCAN_FAIL_ON must be low|medium|high|critical" >&2; exit 2 ;;
esac

rm -rf "$SCRATCH"
mkdir -p "$OUT" "$SCRATCH"
trap 'rm -rf "$SCRATCH"' EXIT

declare -A RESULT
declare -A COUNT
FAILED=0

have() { command -v "$1" >/dev/null 2>&1; }

sev_rank() {
  case "${1,,}" in
    critical) echo 4 ;;
    high|error) echo 3 ;;
    medium|moderate|warning) echo 2 ;;
    *) echo 1 ;;
  esac
}
THRESHOLD="$(sev_rank "$FAIL_ON")"

count_at_or_above() {
  # reads one severity per line on stdin
  local n=0 s
  while read -r s; do
    [[ -z "$s" ]] && continue
    (( $(sev_rank "$s") >= THRESHOLD )) && n=$((n + 1))
  done
  echo "$n"
}

scan_trivy() {
  have trivy || return 3
  trivy fs --quiet --scanners vuln,secret,misconfig --format json -o "$OUT/trivy.json" . || return 1
  jq -r '.Results[]? | (.Vulnerabilities[]?.Severity), (.Misconfigurations[]?.Severity), (.Secrets[]?.Severity)' \
    "$OUT/trivy.json" | count_at_or_above
}

scan_gitleaks() {
  have gitleaks || return 3
  gitleaks detect --no-banner --redact --exit-code 0 \
    --report-format json --report-path "$OUT/gitleaks.json" --source . >/dev/null 2>&1 || return 1
  # every leaked secret counts as high
  jq -r '.[] | "high"' "$OUT/gitleaks.json" | count_at_or_above
}

scan_semgrep() {
  have semgrep || return 3
  semgrep scan --config p/default --metrics=off --json --quiet -o "$OUT/semgrep.json" src >/dev/null 2>&1
  jq -r '.results[]?.extra.severity' "$OUT/semgrep.json" | count_at_or_above
}

scan_osv() {
  have osv-scanner || return 3
  osv-scanner --format json -r . > "$OUT/osv.json" 2>"$SCRATCH/osv.err"
  jq -r '.results[]?.packages[]?.groups[]?.max_severity // "medium"' "$OUT/osv.json" \
    | awk '{ if ($1+0 >= 9) print "critical"; else if ($1+0 >= 7) print "high"; else print "medium" }' \
    | count_at_or_above
}

scan_npm() {
  have npm || return 3
  [[ -f package-lock.json ]] || return 3
  npm audit --json --omit=dev > "$OUT/npm.json" 2>/dev/null
  jq -r '.vulnerabilities[]?.severity' "$OUT/npm.json" | count_at_or_above
}

scan_cargo() {
  have cargo-audit || return 3
  [[ -f Cargo.lock ]] || return 3
  cargo audit --json > "$OUT/cargo.json" 2>/dev/null
  jq -r '.vulnerabilities.list[]? | (.advisory.cvss // "high")' "$OUT/cargo.json" \
    | sed -E 's/^CVSS.*$/high/' | count_at_or_above
}

baseline_diff() {
  # compare with the committed baseline so only new findings fail the build
  local baseline="security-baseline.json" current="$SCRATCH/current-ids.txt"
  [[ -f "$baseline" ]] || return 0
  {
    [[ -f "$OUT/trivy.json" ]] && jq -r '.Results[]?.Vulnerabilities[]?.VulnerabilityID' "$OUT/trivy.json"
    [[ -f "$OUT/semgrep.json" ]] && jq -r '.results[]?.check_id' "$OUT/semgrep.json"
    [[ -f "$OUT/gitleaks.json" ]] && jq -r '.[]?.Fingerprint' "$OUT/gitleaks.json"
  } 2>/dev/null | sort -u > "$current"
  jq -r '.ids[]' "$baseline" | sort -u > "$SCRATCH/baseline-ids.txt"
  comm -23 "$current" "$SCRATCH/baseline-ids.txt" > "$OUT/new-findings.txt"
  echo "new since baseline: $(wc -l < "$OUT/new-findings.txt")"
}

command -v jq >/dev/null || { echo "jq is required" >&2; exit 2; }

for tool in "${TOOLS[@]}"; do
  fn="scan_$tool"
  if ! declare -F "$fn" >/dev/null; then
    echo "unknown scanner: $tool (known: ${ALL_TOOLS[*]})" >&2
    exit 2
  fi
  printf '%-10s ' "$tool"
  n="$("$fn" 2>"$SCRATCH/$tool.err")"
  rc=$?
  case "$rc" in
    0) RESULT[$tool]="ok"; COUNT[$tool]="${n:-0}"
       (( ${n:-0} > 0 )) && FAILED=1
       echo "${n:-0} finding(s) >= $FAIL_ON" ;;
    3) RESULT[$tool]="skipped"; COUNT[$tool]="-"; echo "skipped (not installed / not applicable)" ;;
    *) RESULT[$tool]="error"; COUNT[$tool]="-"; FAILED=1
       echo "error:"; sed 's/^/    /' "$SCRATCH/$tool.err" | tail -n 5 ;;
  esac
done

{
  echo "# Security scan ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "Threshold: $FAIL_ON"
  echo
  echo "| tool | status | findings |"
  echo "| --- | --- | --- |"
  for tool in "${TOOLS[@]}"; do
    echo "| $tool | ${RESULT[$tool]} | ${COUNT[$tool]} |"
  done
} > "$OUT/SUMMARY.md"

cat "$OUT/SUMMARY.md"
baseline_diff
exit "$FAILED"
