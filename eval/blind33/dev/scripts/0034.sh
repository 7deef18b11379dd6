#!/usr/bin/env bash
# Lint the project's Suricata rules in rules/*.rules.
#
# Checks, in order:
#   1. every rule has msg, sid and rev; sids are unique and inside our range
#   2. classtype is one of those in deploy/ids/classification.config
#   3. no rule uses "pcre" without a fast_pattern/content anchor (perf)
#   4. `suricata -T` accepts the whole rule set with the project config
#   5. optional: replay the pcaps in captures/ and compare alert counts with
#      tests/ids/expected-alerts.tsv  (--replay)
#
# Runs entirely against files in the repository; suricata writes its logs to a
# temporary directory that is removed on exit.
set -Eeuo pipefail
shopt -s nullglob

ROOT=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
RULES=("$ROOT"/rules/*.rules)
CONFIG="$ROOT/deploy/ids/suricata.yaml"
CLASSIFICATION="$ROOT/deploy/ids/classification.config"
EXPECTED="$ROOT/tests/ids/expected-alerts.tsv"
SID_MIN=9100000
SID_MAX=9199999
REPLAY=0
ERRORS=0
WORK=""

log()  { printf '%s\n' "$*"; }
err()  { printf 'error: %s\n' "$*" >&2; ERRORS=$((ERRORS + 1)); }
die()  { printf 'fatal: %s\n' "$*" >&2; exit 2; }

cleanup() { [[ -n "$WORK" ]] && rm -rf "$WORK"; }
trap cleanup EXIT

[[ ${1:-} == --replay ]] && REPLAY=1
[[ ${#RULES[@]} -gt 0 ]] || die "no rules/*.rules files"
[[ -f "$CONFIG" ]] || die "missing $CONFIG"
command -v suricata >/dev/null || die "suricata not installed (use the ids devcontainer)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/suricata-lint.XXXXXX")

# --- 1. structure and sids -------------------------------------------------
check_structure() {
  local file lineno line sid
  declare -A sids=()
  for file in "${RULES[@]}"; do
    lineno=0
    while IFS= read -r line || [[ -n $line ]]; do
      lineno=$((lineno + 1))
      [[ -z ${line// } || $line == \#* ]] && continue
      local where="${file#"$ROOT"/}:$lineno"
      [[ $line =~ msg:\"[^\"]+\" ]] || err "$where: missing msg"
      if [[ $line =~ sid:([0-9]+)\; ]]; then
        sid=${BASH_REMATCH[1]}
        if (( sid < SID_MIN || sid > SID_MAX )); then
          err "$where: sid $sid outside project range $SID_MIN-$SID_MAX"
        fi
        if [[ -n ${sids[$sid]:-} ]]; then
          err "$where: duplicate sid $sid (first at ${sids[$sid]})"
        else
          sids[$sid]=$where
        fi
      else
        err "$where: missing sid"
      fi
      [[ $line =~ rev:[0-9]+\; ]] || err "$where: missing rev"
    done < "$file"
  done
  log "structure: ${#sids[@]} rules checked"
}

# --- 2. classtypes -----------------------------------------------------------
check_classtypes() {
  [[ -f "$CLASSIFICATION" ]] || { log "classtypes: skipped (no classification.config)"; return; }
  local known
  known=$(sed -n 's/^config classification: *\([^,]*\),.*/\1/p' "$CLASSIFICATION" | sort -u)
  local file ct
  for file in "${RULES[@]}"; do
    while read -r ct; do
      grep -qxF "$ct" <<< "$known" || err "${file#"$ROOT"/}: unknown classtype '$ct'"
    done < <(grep -o 'classtype:[^;]*' "$file" | cut -d: -f2 | sort -u)
  done
  log "classtypes: ok"
}

# --- 3. pcre without content -------------------------------------------------
check_pcre() {
  local file n=0
  for file in "${RULES[@]}"; do
    while IFS=: read -r lineno rule; do
      if [[ $rule != *content:* ]]; then
        err "${file#"$ROOT"/}:$lineno: pcre without content match (slow)"
      fi
      n=$((n + 1))
    done < <(grep -n 'pcre:' "$file" || true)
  done
  log "pcre: $n rule(s) with pcre inspected"
}

# --- 4. suricata -T ----------------------------------------------------------
check_engine() {
  local rule_args=()
  for r in "${RULES[@]}"; do rule_args+=(-S "$r"); done
  if suricata -T -c "$CONFIG" "${rule_args[@]}" -l "$WORK" > "$WORK/test.log" 2>&1; then
    log "engine: suricata -T accepted ${#RULES[@]} file(s)"
  else
    err "suricata -T failed:"
    grep -E 'Error|error' "$WORK/test.log" | head -n 20 >&2 || tail -n 20 "$WORK/test.log" >&2
  fi
}

# --- 5. replay ---------------------------------------------------------------
replay() {
  [[ -f "$EXPECTED" ]] || die "missing $EXPECTED"
  local pcap sid want got name
  while IFS=$'\t' read -r name sid want; do
    [[ -z $name || $name == \#* ]] && continue
    pcap="$ROOT/captures/$name"
    [[ -f "$pcap" ]] || { err "capture $name missing"; continue; }
    local out="$WORK/replay-${name%.*}"
    mkdir -p "$out"
    if [[ ! -f "$out/eve.json" ]]; then
      suricata -c "$CONFIG" -S "${RULES[0]}" -r "$pcap" -l "$out" -k none >/dev/null 2>&1 || true
      for r in "${RULES[@]:1}"; do
        suricata -c "$CONFIG" -S "$r" -r "$pcap" -l "$out/$(basename "$r")" -k none >/dev/null 2>&1 || true
      done
    fi
    got=$(grep -rhs "\"signature_id\":$sid," "$out" | grep -c '"event_type":"alert"' || true)
    if [[ $got -ne $want ]]; then
      err "replay $name sid $sid: $got alert(s), expected $want"
    else
      log "replay $name sid $sid: $got alert(s)"
    fi
  done < "$EXPECTED"
}

# --- 6. message style ----------------------------------------------------------
check_msg_style() {
  # house style: msg starts with "PROJECT " and a category, no trailing dot
  local file lineno msg
  for file in "${RULES[@]}"; do
    while IFS=: read -r lineno msg; do
      msg=${msg#*msg:\"}
      msg=${msg%%\"*}
      if [[ $msg != PROJECT\ * ]]; then
        err "${file#"$ROOT"/}:$lineno: msg should start with 'PROJECT ': $msg"
      elif [[ $msg == *. ]]; then
        err "${file#"$ROOT"/}:$lineno: msg ends with a dot: $msg"
      fi
    done < <(grep -n 'msg:"' "$file" || true)
  done
  log "message style: checked"
}

# --- summary -------------------------------------------------------------------
print_stats() {
  local total enabled disabled actions
  total=$(cat "${RULES[@]}" | grep -cE '^#? *(alert|drop|pass|reject) ' || true)
  disabled=$(cat "${RULES[@]}" | grep -cE '^# *(alert|drop|pass|reject) ' || true)
  enabled=$((total - disabled))
  actions=$(cat "${RULES[@]}" | grep -oE '^(alert|drop|pass|reject)' | sort | uniq -c | tr '\n' ' ')
  log "rules: $enabled enabled, $disabled commented out; actions: ${actions:-none}"
  if (( disabled > 0 )); then
    log "commented-out rules are reviewed in PRs; delete them instead of disabling long-term"
  fi
}

check_structure
check_classtypes
check_pcre
check_msg_style
check_engine
[[ $REPLAY -eq 1 ]] && replay
print_stats

if (( ERRORS > 0 )); then
  printf '\n%d problem(s) found\n' "$ERRORS" >&2
  exit 1
fi
log "all checks passed"
