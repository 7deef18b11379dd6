#!/usr/bin/env bash
#
# wazuh-rules-test.sh - test the project's custom Wazuh decoders and rules
#
# The rules under wazuh/rules/*.xml and decoders under wazuh/decoders/*.xml are
# mounted read-only into a throwaway wazuh-manager container (no ports
# published, --network none) and exercised with `wazuh-logtest` against the
# sample log lines in wazuh/tests/*.yaml:
#
#   - name: sshd brute force
#     log: "Jun 12 10:01:02 gw sshd[123]: Failed password for root from 10.1.2.3 port 4242 ssh2"
#     expect_rule: 100210
#     expect_level: 10
#
# The container is removed when the script exits (trap). Nothing touches the
# lab's real Wazuh manager.
#
# usage: wazuh/test-rules.sh [-k KEYWORD] [-i IMAGE] [--keep]

set -Eeuo pipefail

base="$(cd "$(dirname "$0")/.." && pwd)"
rules_dir="$base/wazuh/rules"
decoders_dir="$base/wazuh/decoders"
tests_dir="$base/wazuh/tests"
image="${WAZUH_IMAGE:-wazuh/wazuh-manager:4.7.5}"
keyword=""
keep=0
container="wazuh-rules-test-$$"
results_dir="$base/build/wazuh"
pass=0
fail=0

note() { echo "[wazuh-test] $*"; }
oops() { echo "[wazuh-test] $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -k) keyword="$2"; shift 2 ;;
    -i) image="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) echo "usage: $0 [-k KEYWORD] [-i IMAGE] [--keep]"; exit 0 ;;
    *) oops "unknown option: $1" ;;
  esac
done

teardown() {
  if [[ $keep -eq 0 ]]; then
    docker rm -f "$container" >/dev/null 2>&1 || true
  else
    note "container $container kept for inspection (docker rm -f $container when done)"
  fi
}
trap teardown EXIT

preflight() {
  command -v docker >/dev/null || oops "docker is required"
  command -v yq >/dev/null || oops "yq is required to read the test cases"
  docker info >/dev/null 2>&1 || oops "docker daemon not reachable"
  compgen -G "$rules_dir/*.xml" >/dev/null || oops "no rule files in wazuh/rules"
  compgen -G "$tests_dir/*.yaml" >/dev/null || oops "no test cases in wazuh/tests"
  mkdir -p "$results_dir"
}

lint_xml() {
  local f bad=0
  for f in "$rules_dir"/*.xml "$decoders_dir"/*.xml; do
    [[ -e "$f" ]] || continue
    # Wazuh rule files have several top-level <group> elements; wrap them for xmllint
    if ! { echo '<root>'; cat "$f"; echo '</root>'; } | xmllint --noout - 2>"$results_dir/xmllint.err"; then
      echo "  XML error in ${f#"$base"/}:"
      sed 's/^/    /' "$results_dir/xmllint.err"
      bad=1
    fi
  done
  return $bad
}

check_rule_ids() {
  # custom rules must stay in 100000-119999 and be unique
  local ids dupes out_of_range
  ids="$(grep -ho '<rule id="[0-9]*"' "$rules_dir"/*.xml | grep -o '[0-9]*' | sort -n)"
  dupes="$(uniq -d <<< "$ids")"
  out_of_range="$(awk '$1 < 100000 || $1 > 119999' <<< "$ids")"
  [[ -z "$dupes" ]] || { echo "  duplicate rule ids: $(tr '\n' ' ' <<< "$dupes")"; return 1; }
  [[ -z "$out_of_range" ]] || { echo "  rule ids outside 100000-119999: $(tr '\n' ' ' <<< "$out_of_range")"; return 1; }
  note "$(wc -l <<< "$ids") custom rule id(s) ok"
}

start_manager() {
  note "starting $image as $container (no network)"
  docker run -d --name "$container" --network none \
    -v "$rules_dir:/var/ossec/etc/rules/project:ro" \
    -v "$decoders_dir:/var/ossec/etc/decoders/project:ro" \
    --entrypoint sleep "$image" infinity >/dev/null
  # include the project directories in ossec.conf inside the throwaway container
  docker exec "$container" sh -c '
    sed -i "s#<rule_dir>ruleset/rules</rule_dir>#&\n    <rule_dir>etc/rules/project</rule_dir>#" /var/ossec/etc/ossec.conf &&
    sed -i "s#<decoder_dir>ruleset/decoders</decoder_dir>#&\n    <decoder_dir>etc/decoders/project</decoder_dir>#" /var/ossec/etc/ossec.conf'
  docker exec "$container" /var/ossec/bin/wazuh-analysisd -t >/dev/null 2>"$results_dir/analysisd.err" \
    || { sed 's/^/    /' "$results_dir/analysisd.err"; oops "ruleset does not load"; }
}

run_case() {
  local name="$1" log="$2" want_rule="$3" want_level="$4"
  local output got_rule got_level
  output="$(printf '%s\n' "$log" | docker exec -i "$container" /var/ossec/bin/wazuh-logtest -q 2>&1 || true)"
  got_rule="$(grep -oE "id: '[0-9]+'" <<< "$output" | tail -n1 | grep -oE '[0-9]+' || true)"
  got_level="$(grep -oE "level: '[0-9]+'" <<< "$output" | tail -n1 | grep -oE '[0-9]+' || true)"
  if [[ "$got_rule" == "$want_rule" && ( -z "$want_level" || "$got_level" == "$want_level" ) ]]; then
    pass=$((pass + 1))
    echo "  ok    $name (rule $got_rule, level $got_level)"
  else
    fail=$((fail + 1))
    echo "  FAIL  $name: expected rule $want_rule/level ${want_level:-any}, got ${got_rule:-none}/${got_level:-none}"
    printf '%s\n' "$output" > "$results_dir/$(tr -c 'A-Za-z0-9' '_' <<< "$name").out"
  fi
}

run_file() {
  local f="$1" count i name log rule level
  count="$(yq 'length' "$f")"
  for ((i = 0; i < count; i++)); do
    name="$(yq -r ".[$i].name" "$f")"
    [[ -n "$keyword" && "$name" != *"$keyword"* ]] && continue
    log="$(yq -r ".[$i].log" "$f")"
    rule="$(yq -r ".[$i].expect_rule" "$f")"
    level="$(yq -r ".[$i].expect_level // \"\"" "$f")"
    run_case "$name" "$log" "$rule" "$level"
  done
}

coverage_report() {
  # which custom rules are never exercised by a test case?
  local ids tested untested=0 id
  ids="$(grep -ho '<rule id="[0-9]*"' "$rules_dir"/*.xml | grep -o '[0-9]*' | sort -u)"
  tested="$(cat "$tests_dir"/*.yaml | yq -r '.[].expect_rule' 2>/dev/null | sort -u)"
  while read -r id; do
    [[ -z "$id" ]] && continue
    if ! grep -qx "$id" <<< "$tested"; then
      untested=$((untested + 1))
      echo "  no test for rule $id"
    fi
  done <<< "$ids"
  note "$untested custom rule(s) without a test case"
}

check_levels() {
  # level 12+ pages the on-call person; such rules need a <description> and a <mitre> block
  local f line
  for f in "$rules_dir"/*.xml; do
    while IFS= read -r line; do
      echo "  high-level rule without MITRE mapping: ${f#"$base"/}: $line"
    done < <(awk '/<rule id=/ {id=$0; hi=($0 ~ /level="1[2-5]"/); mitre=0}
                  /<mitre>/ {mitre=1}
                  /<\/rule>/ {if (hi && !mitre) print id}' "$f" | sed 's/^[[:space:]]*//')
  done
}

write_junit() {
  local junit="$results_dir/junit.xml"
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<testsuite name="wazuh-rules" tests="%d" failures="%d"/>\n' $((pass + fail)) "$fail"
  } > "$junit"
  note "junit summary: ${junit#"$base"/}"
}

preflight
note "linting XML"
lint_xml || oops "fix the XML errors first"
check_rule_ids || oops "rule id check failed"
start_manager
for f in "$tests_dir"/*.yaml; do
  echo "${f#"$base"/}:"
  run_file "$f"
done
write_junit
coverage_report
check_levels
note "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
