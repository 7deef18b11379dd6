#!/usr/bin/env bash
# ci/security-scan.sh — run the security scanners on this repository only.
#
# Used by `make security` locally and by the nightly CI job. Every scanner
# writes into reports/security/<run>/; the script exits non-zero if any scanner
# reports findings at or above the configured severity.
#
#   ci/security-scan.sh                 all scanners
#   ci/security-scan.sh gitleaks trivy  a subset
#   SEVERITY=CRITICAL ci/security-scan.sh
#
# Network use: trivy updates its DB from its default registry unless
# TRIVY_OFFLINE=1; semgrep runs with --metrics off and the repo's own rules.
set -uo pipefail

REPO="$(git rev-parse --show-toplevel)"
RUN="$(date +%Y%m%d-%H%M%S)"
OUT="$REPO/reports/security/$RUN"
SEVERITY="${SEVERITY:-HIGH}"
FAILED=()
SUMMARY=()

mkdir -p "$OUT"
cd "$REPO"

have() { command -v "$1" >/dev/null 2>&1; }

# every scanner below reads the working tree only; none of them uploads code

record() {
  # record <scanner> <count>
  SUMMARY+=("$(printf '%-10s %s' "$1" "$2")")
  if [[ "$2" =~ ^[0-9]+$ ]] && (( $2 > 0 )); then
    FAILED+=("$1")
  fi
}

scan_gitleaks() {
  have gitleaks || { record gitleaks skipped; return; }
  # --redact keeps secret values out of the report file
  gitleaks detect --source . --no-banner --redact --exit-code 0 \
    --report-format json --report-path "$OUT/gitleaks.json" >/dev/null 2>&1
  record gitleaks "$(jq 'length' "$OUT/gitleaks.json" 2>/dev/null || echo error)"
}

scan_gitleaks_staged() {
  have gitleaks || return 0
  gitleaks protect --staged --no-banner --redact --exit-code 0 \
    --report-format json --report-path "$OUT/gitleaks-staged.json" >/dev/null 2>&1
  record staged "$(jq 'length' "$OUT/gitleaks-staged.json" 2>/dev/null || echo error)"
}

scan_semgrep() {
  have semgrep || { record semgrep skipped; return; }
  semgrep scan --config "$REPO/.semgrep/" --metrics off --quiet \
    --severity ERROR --json --output "$OUT/semgrep.json" . >/dev/null 2>&1
  record semgrep "$(jq '.results | length' "$OUT/semgrep.json" 2>/dev/null || echo error)"
}

scan_bandit() {
  have bandit || { record bandit skipped; return; }
  local level="-ll"
  [[ "$SEVERITY" == CRITICAL ]] && level="-lll"
  bandit -r src $level -f json -o "$OUT/bandit.json" -q --exit-zero
  record bandit "$(jq '.results | length' "$OUT/bandit.json" 2>/dev/null || echo error)"
}

scan_trivy() {
  have trivy || { record trivy skipped; return; }
  local extra=()
  [[ "${TRIVY_OFFLINE:-0}" == 1 ]] && extra+=(--skip-db-update --offline-scan)
  local sev="$SEVERITY"
  [[ "$sev" == HIGH ]] && sev="HIGH,CRITICAL"
  trivy fs "${extra[@]}" --quiet --severity "$sev" --format json \
    --output "$OUT/trivy.json" --scanners vuln,misconfig .
  record trivy "$(jq '[.Results[]? | (.Vulnerabilities // []) + (.Misconfigurations // []) | length] | add // 0' "$OUT/trivy.json" 2>/dev/null || echo error)"
}

scan_npm() {
  [[ -f package-lock.json ]] || return 0
  have npm || { record npm-audit skipped; return; }
  local level
  level="$(tr '[:upper:]' '[:lower:]' <<<"$SEVERITY")"
  npm audit --omit=dev --audit-level="$level" --json >"$OUT/npm-audit.json" 2>/dev/null
  record npm-audit "$(jq '.metadata.vulnerabilities | (.high // 0) + (.critical // 0)' "$OUT/npm-audit.json" 2>/dev/null || echo error)"
}

scan_ports() {
  # the dev stack should only listen on loopback; flag anything bound wider
  have ss || return 0
  ss -ltnH 2>/dev/null | awk '{print $4}' | grep -vE '^(127\.0\.0\.1|\[::1\]):' >"$OUT/listening.txt" || true
  if have nmap; then
    nmap -Pn -p 1-1000 --open -oG "$OUT/nmap-localhost.txt" localhost >/dev/null
  fi
  record ports "$(wc -l <"$OUT/listening.txt" | tr -d ' ')"
}

tls_check() {
  # certificate of the local https dev proxy, if it is running
  if (exec 3<>/dev/tcp/127.0.0.1/8443) 2>/dev/null; then
    openssl s_client -connect localhost:8443 -servername app.localhost </dev/null 2>/dev/null \
      | openssl x509 -noout -subject -dates >"$OUT/dev-cert.txt" || true
  fi
}

scan_docker_images() {
  # images built by this repo's compose file, scanned from the local daemon only
  have trivy || return 0
  have docker || return 0
  local img n total=0
  while read -r img; do
    [[ -n "$img" ]] || continue
    trivy image --quiet --skip-db-update --severity "$SEVERITY" --format json \
      --output "$OUT/image-${img//[\/:]/_}.json" "$img" || continue
    n="$(jq '[.Results[]? | (.Vulnerabilities // []) | length] | add // 0' "$OUT/image-${img//[\/:]/_}.json")"
    total=$((total + n))
  done < <(docker compose config --images 2>/dev/null | sort -u)
  record images "$total"
}

check_env_files() {
  # make sure no real env file is tracked by git
  local tracked
  tracked="$(git ls-files | grep -E '(^|/)\.env(\.[a-z]+)?$' | grep -v '\.example$' || true)"
  if [[ -n "$tracked" ]]; then
    echo "tracked env files:" >&2
    echo "$tracked" | sed 's/^/  /' >&2
    record envfiles "$(wc -l <<<"$tracked" | tr -d ' ')"
  else
    record envfiles 0
  fi
}

write_summary() {
  {
    echo "# security scan $RUN"
    echo
    echo "severity threshold: $SEVERITY"
    echo
    printf '%s\n' "${SUMMARY[@]}"
  } | tee "$OUT/SUMMARY.md"
  ln -sfn "$RUN" "$REPO/reports/security/latest"
}

prune_old_runs() {
  # keep the 10 newest runs of this repo's reports
  ls -1d "$REPO"/reports/security/2*/ 2>/dev/null | sort | head -n -10 | while read -r d; do
    rm -rf -- "$d"
  done
}

main() {
  local wanted=("$@")
  ((${#wanted[@]})) || wanted=(gitleaks staged semgrep bandit trivy npm ports tls images envfiles)
  local s
  for s in "${wanted[@]}"; do
    case "$s" in
      gitleaks) scan_gitleaks ;;
      staged) scan_gitleaks_staged ;;
      semgrep) scan_semgrep ;;
      bandit) scan_bandit ;;
      trivy) scan_trivy ;;
      npm) scan_npm ;;
      ports) scan_ports ;;
      tls) tls_check ;;
      images) scan_docker_images ;;
      envfiles) check_env_files ;;
      *) echo "unknown scanner $s" >&2; exit 2 ;;
    esac
  done
  write_summary
  prune_old_runs
  if ((${#FAILED[@]})); then
    echo "findings in: ${FAILED[*]} (see reports/security/$RUN)"
    exit 1
  fi
  echo "no findings at or above $SEVERITY"
}

main "$@"
