#!/usr/bin/env bash
#
# audit-repo.sh -- security audit run before tagging a ledger release.
#
#   gitleaks  (full history)      -> reports/audit/secrets.tsv  (masked)
#   semgrep   (p/owasp-top-ten)   -> reports/audit/semgrep.txt
#   trivy     (config + vuln)     -> reports/audit/trivy.txt
#   grype     (container image)   -> reports/audit/image.txt     (optional, --image REF)
#
# gitleaks' raw JSON includes the secret values. It is written into a private
# directory created with mktemp -d under $XDG_RUNTIME_DIR (tmpfs, 0700) and
# removed by the EXIT trap; only masked values (first 4 characters + length)
# reach reports/. No results leave the machine.
#
set -uo pipefail

root=$(git rev-parse --show-toplevel) || exit 2
cd "$root" || exit 2
audit_dir=$root/reports/audit
private=$(mktemp -d "${XDG_RUNTIME_DIR:-/tmp}/audit.XXXXXXXX")
chmod 700 "$private"
trap 'rm -rf -- "$private"' EXIT
image=""
rc=0

while (( $# )); do
  case $1 in
    --image) image=${2:?}; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

banner() { printf '\n=== %s ===\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
mark_failed() { rc=1; }

mkdir -p "$audit_dir"

mask_stream() {
  # stdin: gitleaks JSON array; stdout: TSV with the secret masked
  jq -r '.[] | [
      .RuleID,
      .File,
      (.StartLine | tostring),
      (.Commit // "" | .[0:10]),
      ((.Secret // "") as $s | ($s[0:4] + "…(" + ($s | length | tostring) + " chars)"))
    ] | @tsv'
}

run_gitleaks() {
  banner "gitleaks (history)"
  if ! have gitleaks; then echo "not installed"; return; fi
  gitleaks detect --no-banner --log-opts="--all" --report-format json \
    --report-path "$private/gitleaks.json" --exit-code 0 >/dev/null 2>&1
  local n
  n=$(jq 'length' "$private/gitleaks.json")
  {
    printf 'rule\tfile\tline\tcommit\tvalue\n'
    mask_stream < "$private/gitleaks.json"
  } > "$audit_dir/secrets.tsv"
  echo "$n finding(s) -> reports/audit/secrets.tsv"
  (( n == 0 )) || mark_failed
}

run_semgrep() {
  banner "semgrep"
  if ! have semgrep; then echo "not installed"; return; fi
  if semgrep scan --config p/owasp-top-ten --config .semgrep --metrics=off --quiet \
      --error --text --output "$audit_dir/semgrep.txt"; then
    echo "clean"
  else
    grep -cE '^\s+[a-z]' "$audit_dir/semgrep.txt" | xargs -I{} echo "{} finding line(s) -> reports/audit/semgrep.txt"
    mark_failed
  fi
}

run_trivy() {
  banner "trivy (config + dependencies)"
  if ! have trivy; then echo "not installed"; return; fi
  : > "$audit_dir/trivy.txt"
  trivy config --quiet --severity HIGH,CRITICAL --exit-code 0 . >> "$audit_dir/trivy.txt" 2>&1
  trivy fs --quiet --scanners vuln --severity HIGH,CRITICAL --ignore-unfixed --exit-code 0 . \
    >> "$audit_dir/trivy.txt" 2>&1
  if grep -qE 'Total: [1-9]' "$audit_dir/trivy.txt"; then
    grep -E 'Total:' "$audit_dir/trivy.txt"
    mark_failed
  else
    echo "no HIGH/CRITICAL issues"
  fi
}

run_grype() {
  [[ -n $image ]] || return 0
  banner "grype ($image)"
  if ! have grype; then echo "not installed"; return; fi
  if grype "$image" --only-fixed --fail-on high -o table > "$audit_dir/image.txt" 2>&1; then
    echo "no fixable HIGH+ vulnerabilities"
  else
    tail -n 20 "$audit_dir/image.txt"
    mark_failed
  fi
}

licence_headers() {
  banner "licence headers"
  if have reuse; then
    if reuse lint > "$audit_dir/reuse.txt" 2>&1; then
      echo "REUSE compliant"
    else
      grep -E 'files? (without|with missing)' "$audit_dir/reuse.txt" || tail -n 5 "$audit_dir/reuse.txt"
    fi
  else
    echo "reuse not installed"
  fi
}

sbom_and_diff() {
  banner "SBOM"
  if ! have syft; then echo "syft not installed"; return; fi
  local tag cur prev
  tag=$(git describe --tags --always)
  cur=$audit_dir/sbom-$tag.cdx.json
  syft dir:. --quiet --exclude './reports/**' --exclude './.git/**' -o "cyclonedx-json=$cur"
  echo "SBOM -> reports/audit/$(basename "$cur")"
  prev=$(ls -1t "$audit_dir"/sbom-*.cdx.json 2>/dev/null | sed -n '2p')
  [[ -n $prev ]] || return 0
  jq -r '.components[]? | "\(.name)@\(.version)"' "$prev" | sort -u > "$private/prev.txt"
  jq -r '.components[]? | "\(.name)@\(.version)"' "$cur" | sort -u > "$private/cur.txt"
  echo "new or changed components since $(basename "$prev" .cdx.json | sed 's/^sbom-//'):"
  comm -13 "$private/prev.txt" "$private/cur.txt" | head -n 30 | sed 's/^/  + /'
  echo "removed:"
  comm -23 "$private/prev.txt" "$private/cur.txt" | head -n 30 | sed 's/^/  - /'
}

signed_tags() {
  banner "release tag signature"
  local tag
  tag=$(git describe --tags --abbrev=0 2>/dev/null || true)
  if [[ -z $tag ]]; then
    echo "no tag yet"
    return
  fi
  if git verify-tag "$tag" >/dev/null 2>&1; then
    echo "$tag is signed"
  else
    echo "$tag is not signed (or the key is not in your keyring)"
  fi
}

dependency_pins() {
  banner "unpinned dependencies"
  local problems=0
  if [[ -f go.mod ]] && grep -qE '^\s*replace .* => \.\./' go.mod; then
    echo "go.mod has local replace directives"
    problems=1
  fi
  if [[ -f package.json ]] && jq -e '[.dependencies // {}, .devDependencies // {}] | add | to_entries | map(select(.value | test("^(latest|\\*|github:)"))) | length > 0' package.json >/dev/null; then
    echo "package.json has latest/*/github: ranges"
    problems=1
  fi
  (( problems )) && mark_failed || echo "ok"
}

write_index() {
  local f
  {
    echo "# Release audit $(git describe --tags --always) ($(date -u +%F))"
    echo
    for f in "$audit_dir"/*; do
      [[ $f == "$audit_dir/index.md" ]] && continue
      printf -- '- [%s](%s) (%s)\n' "$(basename "$f")" "$(basename "$f")" "$(du -h "$f" | cut -f1)"
    done
    echo
    if (( rc )); then echo "Result: **findings need review**"; else echo "Result: clean"; fi
  } > "$audit_dir/index.md"
}

run_gitleaks
run_semgrep
run_trivy
run_grype
licence_headers
sbom_and_diff
signed_tags
dependency_pins
write_index
banner "result"
(( rc )) && echo "review the findings in reports/audit/" || echo "all clear"
exit "$rc"
