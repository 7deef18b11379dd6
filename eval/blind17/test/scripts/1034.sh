#!/usr/bin/env bash
# security/nightly.sh — nightly security checks of the `ferry` repository,
# run by the developer's `make nightly` or the CI schedule.
#
# Checks:
#   1. trivy image   on the images this repo builds (docker compose build first)
#   2. trivy fs      on the lockfiles (vulnerabilities + licenses)
#   3. gitleaks      over the full git history, redacted
#   4. semgrep       with the rules committed under security/semgrep/
#   5. tls           certificate expiry of the local HTTPS dev proxy (localhost)
#   6. ports         nmap of localhost for unexpected listeners of the stack
#
# Output: security/out/<date>/ with one JSON per check + summary.txt.
# Exit code: number of checks with findings (0 = clean).
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DAY="$(date +%F)"
OUT="$ROOT/security/out/$DAY"
EXPECTED_PORTS="${EXPECTED_PORTS:-5432 6379 8025 8443}"
mkdir -p "$OUT"
cd "$ROOT" || exit 1

declare -A RESULT=()
FINDINGS=0

record() {
  # record <check> <count|skip|error>
  RESULT["$1"]="$2"
  if [[ "$2" =~ ^[0-9]+$ ]] && (( $2 >= 1 )); then
    FINDINGS=$((FINDINGS + 1))
  fi
  printf '%-10s %s\n' "$1" "$2"
}

have() { command -v "$1" >/dev/null 2>&1; }

check_images() {
  have trivy && have docker || { record images skip; return; }
  docker compose build --quiet >/dev/null 2>&1 || { record images error; return; }
  local img total=0 n safe
  while read -r img; do
    [[ -n "$img" ]] || continue
    safe="${img//[^A-Za-z0-9._-]/_}"
    trivy image --quiet --severity HIGH,CRITICAL --ignore-unfixed --format json \
      --output "$OUT/image-$safe.json" "$img" || continue
    n="$(jq '[.Results[]?.Vulnerabilities // [] | length] | add // 0' "$OUT/image-$safe.json")"
    total=$((total + n))
  done < <(docker compose config --images | sort -u)
  record images "$total"
}

check_fs() {
  have trivy || { record fs skip; return; }
  trivy fs --quiet --scanners vuln,license --severity HIGH,CRITICAL \
    --format json --output "$OUT/fs.json" . || { record fs error; return; }
  record fs "$(jq '[.Results[]? | ((.Vulnerabilities // []) + (.Licenses // [])) | length] | add // 0' "$OUT/fs.json")"
}

check_history() {
  have gitleaks || { record history skip; return; }
  gitleaks git --redact --no-banner --exit-code 0 \
    --report-format json --report-path "$OUT/gitleaks.json" . >/dev/null 2>&1
  record history "$(jq 'length' "$OUT/gitleaks.json" 2>/dev/null || echo error)"
}

check_semgrep() {
  have semgrep || { record semgrep skip; return; }
  semgrep scan --metrics=off --config security/semgrep/ --json --output "$OUT/semgrep.json" \
    --exclude 'vendor' --exclude 'node_modules' . >/dev/null 2>&1
  record semgrep "$(jq '.results|length' "$OUT/semgrep.json" 2>/dev/null || echo error)"
}

check_tls() {
  have openssl || { record tls skip; return; }
  local end secs now
  end="$(openssl s_client -connect 127.0.0.1:8443 -servername ferry.localhost </dev/null 2>/dev/null \
    | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2)"
  if [[ -z "$end" ]]; then
    record tls skip
    return
  fi
  secs="$(date -d "$end" +%s 2>/dev/null || date -j -f '%b %e %T %Y %Z' "$end" +%s)"
  now="$(date +%s)"
  echo "{\"not_after\": \"$end\", \"days_left\": $(( (secs - now) / 86400 ))}" >"$OUT/tls.json"
  if (( secs - now < 14 * 86400 )); then record tls 1; else record tls 0; fi
}

check_ports() {
  have nmap || { record ports skip; return; }
  nmap -Pn -sT -p 1-10000 --open -oX "$OUT/nmap.xml" 127.0.0.1 >/dev/null 2>&1
  local open unexpected=()
  open="$(grep -o 'portid="[0-9]*"' "$OUT/nmap.xml" | grep -o '[0-9]*' | sort -n | tr '\n' ' ')"
  local p
  for p in $open; do
    [[ " $EXPECTED_PORTS " == *" $p "* ]] || unexpected+=("$p")
  done
  printf '%s\n' "${unexpected[@]}" >"$OUT/unexpected-ports.txt"
  record ports "${#unexpected[@]}"
}

check_lockfiles() {
  # lockfiles must be committed together with their manifests
  local changed=0 pair manifest lock
  for pair in "package.json:package-lock.json" "pyproject.toml:uv.lock" "Cargo.toml:Cargo.lock"; do
    manifest="${pair%%:*}"
    lock="${pair##*:}"
    [[ -f "$manifest" ]] || continue
    if [[ ! -f "$lock" ]]; then
      echo "missing $lock for $manifest" >>"$OUT/lockfiles.txt"
      changed=$((changed + 1))
    fi
  done
  record lockfiles "$changed"
}

check_dockerfiles() {
  # hadolint over every Dockerfile of the repo
  have hadolint || { record dockerfiles skip; return; }
  local f n=0 out
  : >"$OUT/hadolint.txt"
  while IFS= read -r -d '' f; do
    out="$(hadolint --no-color --failure-threshold error "$f" 2>&1 || true)"
    if [[ -n "$out" ]]; then
      printf '%s\n%s\n\n' "$f" "$out" >>"$OUT/hadolint.txt"
      n=$((n + $(grep -c 'DL[0-9]\{4\}' <<<"$out" || true)))
    fi
  done < <(find . -name 'Dockerfile*' -not -path './node_modules/*' -print0)
  record dockerfiles "$n"
}

check_compose_binds() {
  # compose services must bind to 127.0.0.1, not all interfaces
  local n
  n="$(docker compose config --format json 2>/dev/null \
    | jq '[.services[]?.ports[]? | select((.host_ip // "") == "" or .host_ip == "0.0.0.0")] | length' 2>/dev/null || echo error)"
  record binds "$n"
}

compare_with_yesterday() {
  local prev
  prev="$ROOT/security/out/$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)/summary.txt"
  [[ -f "$prev" ]] || return 0
  echo "--- change since yesterday"
  diff <(grep -E '^  ' "$prev") <(for k in "${!RESULT[@]}"; do printf '  %-10s %s\n' "$k" "${RESULT[$k]}"; done | sort) || true
}

write_summary() {
  {
    echo "security nightly $DAY ($(git rev-parse --short HEAD))"
    local k
    for k in "${!RESULT[@]}"; do
      printf '  %-10s %s\n' "$k" "${RESULT[$k]}"
    done | sort
    echo "checks with findings: $FINDINGS"
  } >"$OUT/summary.txt"
  cat "$OUT/summary.txt"
}

prune_old() {
  # keep two weeks of nightly output of this repo
  find "$ROOT/security/out" -mindepth 1 -maxdepth 1 -type d -mtime +14 -exec rm -rf -- {} +
}

main() {
  check_images
  check_fs
  check_history
  check_semgrep
  check_tls
  check_ports
  check_lockfiles
  check_dockerfiles
  check_compose_binds
  compare_with_yesterday
  write_summary
  prune_old
  exit "$FINDINGS"
}

main
