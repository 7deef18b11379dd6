#!/usr/bin/env bash
# supply-scan.sh - SBOM + vulnerability + licence scan for release candidates.
#
# 1. syft      -> reports/sbom/<name>.spdx.json   (committed with the release)
# 2. grype     -> reports/vulns.txt               (fails on --fail-on severity)
# 3. reuse     -> reports/licensing.txt
# 4. trufflehog over the working tree; the raw JSON holds live secret values,
#    so it stays in a private temp dir that is removed on exit, and only a
#    redacted table is written to reports/secrets.txt.
#
# usage: scripts/supply-scan.sh [--fail-on high|critical] [--skip-secrets]
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
REPORTS="$ROOT/reports"
NAME="$(basename "$ROOT")-$(git -C "$ROOT" describe --tags --always --dirty)"
FAIL_ON="high"
SKIP_SECRETS=0
STATUS=0
PRIV="$(mktemp -d -t supplyscan.XXXXXXXX)"
chmod 700 "$PRIV"

cleanup() {
  rm -rf -- "$PRIV"
}
trap cleanup EXIT

log() { printf '\n### %s\n' "$*"; }
die() { printf 'supply-scan: %s\n' "$*" >&2; exit 2; }

while (($#)); do
  case "$1" in
    --fail-on) FAIL_ON="${2:?}"; shift 2 ;;
    --skip-secrets) SKIP_SECRETS=1; shift ;;
    *) die "unknown option $1" ;;
  esac
done
case "$FAIL_ON" in
  negligible|low|medium|high|critical) ;;
  *) die "--fail-on must be a grype severity" ;;
esac

have() { command -v "$1" >/dev/null 2>&1; }

mkdir -p "$REPORTS/sbom"
cd "$ROOT"

sbom() {
  log "SBOM ($NAME)"
  if ! have syft; then
    echo "syft not installed, skipping"
    return
  fi
  syft dir:. --quiet \
    --exclude './node_modules/**' --exclude './.git/**' --exclude './reports/**' \
    -o "spdx-json=$REPORTS/sbom/$NAME.spdx.json" \
    -o "syft-table=$PRIV/sbom.txt"
  echo "$(($(wc -l < "$PRIV/sbom.txt") - 1)) packages -> reports/sbom/$NAME.spdx.json"
}

vulns() {
  log "vulnerabilities (fail on $FAIL_ON)"
  if ! have grype; then
    echo "grype not installed, skipping"
    return
  fi
  local sbom_file="$REPORTS/sbom/$NAME.spdx.json"
  local target="dir:."
  [[ -f "$sbom_file" ]] && target="sbom:$sbom_file"
  if grype "$target" --quiet --only-fixed --fail-on "$FAIL_ON" -o table > "$REPORTS/vulns.txt"; then
    echo "no fixable vulnerabilities at or above $FAIL_ON"
  else
    echo "fixable vulnerabilities at or above $FAIL_ON:"
    head -n 30 "$REPORTS/vulns.txt"
    STATUS=1
  fi
}

licences() {
  log "licensing (REUSE)"
  if ! have reuse; then
    echo "reuse not installed, skipping"
    return
  fi
  if reuse lint > "$REPORTS/licensing.txt" 2>&1; then
    echo "REUSE compliant"
  else
    grep -E '^(#|\*)' "$REPORTS/licensing.txt" | head -n 20
    echo "see reports/licensing.txt"
    STATUS=1
  fi
}

redact_secrets() {
  # input: trufflehog --json lines. output: detector, file, line, masked value
  jq -r '
    def mask: if (. | length) <= 6 then "******"
              else .[0:3] + ("*" * ((. | length) - 3)) end;
    [ .DetectorName,
      (.SourceMetadata.Data.Filesystem.file // .SourceMetadata.Data.Git.file // "?"),
      ((.SourceMetadata.Data.Filesystem.line // .SourceMetadata.Data.Git.line // 0) | tostring),
      (if .Verified then "verified" else "unverified" end),
      (.Raw | mask) ] | @tsv' "$1"
}

secrets() {
  log "secrets"
  if ((SKIP_SECRETS)); then
    echo "skipped (--skip-secrets)"
    return
  fi
  if ! have trufflehog; then
    echo "trufflehog not installed, skipping"
    return
  fi
  trufflehog filesystem . --json --no-update \
    --exclude-paths "$ROOT/.trufflehog-exclude" > "$PRIV/raw.jsonl" 2>"$PRIV/th.err" || true
  local n
  n="$(grep -c . "$PRIV/raw.jsonl" || true)"
  {
    printf 'detector\tfile\tline\tstatus\tvalue\n'
    redact_secrets "$PRIV/raw.jsonl"
  } | column -t -s $'\t' > "$REPORTS/secrets.txt"
  if ((n > 0)); then
    echo "$n potential secret(s); redacted list in reports/secrets.txt"
    STATUS=1
  else
    echo "no secrets found"
  fi
}

fs_misconfig() {
  log "misconfiguration (trivy config)"
  if ! have trivy; then
    echo "trivy not installed, skipping"
    return
  fi
  if trivy config --quiet --exit-code 1 --severity HIGH,CRITICAL \
      --skip-dirs node_modules --format table . > "$REPORTS/misconfig.txt" 2>&1; then
    echo "no HIGH/CRITICAL misconfigurations"
  else
    grep -E '^(Dockerfile|.*\.ya?ml|.*\.tf)' "$REPORTS/misconfig.txt" | sort -u | head -n 20
    echo "see reports/misconfig.txt"
    STATUS=1
  fi
}

diff_sbom() {
  # compare package set with the previous release's SBOM, if there is one
  local prev
  prev="$(ls -1t "$REPORTS"/sbom/*.spdx.json 2>/dev/null | sed -n '2p')"
  [[ -n "$prev" && -f "$REPORTS/sbom/$NAME.spdx.json" ]] || return 0
  log "package changes since $(basename "$prev" .spdx.json)"
  jq -r '.packages[] | "\(.name)@\(.versionInfo // "?")"' "$prev" | sort -u > "$PRIV/prev.txt"
  jq -r '.packages[] | "\(.name)@\(.versionInfo // "?")"' "$REPORTS/sbom/$NAME.spdx.json" \
    | sort -u > "$PRIV/cur.txt"
  comm -13 "$PRIV/prev.txt" "$PRIV/cur.txt" | sed 's/^/  + /' | head -n 40
  comm -23 "$PRIV/prev.txt" "$PRIV/cur.txt" | sed 's/^/  - /' | head -n 40
}

sbom
diff_sbom
vulns
fs_misconfig
licences
secrets

log "summary"
# list what was written so the release checklist can link to it
for f in "$REPORTS"/sbom/"$NAME".spdx.json "$REPORTS"/vulns.txt \
         "$REPORTS"/misconfig.txt "$REPORTS"/licensing.txt "$REPORTS"/secrets.txt; do
  if [[ -f "$f" ]]; then
    printf '  %-48s %s\n' "${f#$ROOT/}" "$(du -h "$f" | cut -f1)"
  fi
done
if ((STATUS)); then
  echo "one or more checks failed"
else
  echo "all checks passed"
fi
exit "$STATUS"
