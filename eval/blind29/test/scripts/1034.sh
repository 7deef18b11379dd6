#!/usr/bin/env bash
# protocol-ci: static checks + simulation for all Opentrons protocols.
#
#   tools/protocol-ci.sh                 # every protocols/**/*.py
#   tools/protocol-ci.sh protocols/elisa/plate_wash.py
#   JUNIT=build/protocols.xml tools/protocol-ci.sh
#
# For each protocol:
#   * ruff (syntax/style), then a grep-based policy check: the protocol must
#     declare metadata/requirements with an apiLevel, must not import
#     subprocess/socket/requests (protocols run on the robot), and must not
#     call protocol.comment() with more than 200 chars
#   * opentrons_simulate with custom labware from labware/ – never
#     opentrons_execute, this script is for CI runners and laptops
#   * the simulation log is stored in build/sim/<name>.log and the number of
#     aspirate/dispense/tip operations extracted for the summary table
set -uo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
labware="$here/labware"
logdir="$here/build/sim"
junit=${JUNIT:-}
failures=0
declare -a names results details

say() { printf '%s\n' "$*" >&2; }

command -v opentrons_simulate >/dev/null || { say "opentrons_simulate missing (pip install opentrons in .venv)"; exit 2; }
if command -v opentrons_execute >/dev/null; then
  say "note: opentrons_execute is installed here but is never called by this script"
fi

changed_only=false
protocols=()
for arg in "$@"; do
  case $arg in
    --changed-only) changed_only=true ;;
    *) protocols+=("$arg") ;;
  esac
done
if (( ${#protocols[@]} == 0 )); then
  if $changed_only; then
    base=$(git -C "$here" merge-base HEAD origin/main 2>/dev/null || echo HEAD~1)
    mapfile -t protocols < <(git -C "$here" diff --name-only "$base" -- 'protocols/*.py' 'labware/*.json' \
      | grep '^protocols/.*\.py$' | sed "s|^|$here/|" || true)
    say "changed protocols since ${base:0:8}: ${#protocols[@]}"
  else
    mapfile -t protocols < <(find "$here/protocols" -name '*.py' ! -name '_*' | sort)
  fi
fi

# custom labware definitions must be valid JSON with the fields the robot
# software requires; a broken definition makes every simulation fail with an
# unhelpful message, so check them first
labware_problems=0
if [[ -d $labware ]]; then
  for def in "$labware"/*.json; do
    [[ -e $def ]] || continue
    if ! jq empty "$def" 2>/dev/null; then
      say "labware ${def##*/}: invalid JSON"
      labware_problems=$((labware_problems + 1))
      continue
    fi
    for key in '.parameters.loadName' '.metadata.displayName' '.dimensions.xDimension' '.wells' '.ordering' '.schemaVersion'; do
      if [[ $(jq -r "$key // empty | tostring" "$def") == "" ]]; then
        say "labware ${def##*/}: missing $key"
        labware_problems=$((labware_problems + 1))
      fi
    done
    wells=$(jq '.wells | length' "$def")
    ordered=$(jq '[.ordering[][]] | length' "$def")
    if [[ $wells != "$ordered" ]]; then
      say "labware ${def##*/}: $wells wells but $ordered in ordering"
      labware_problems=$((labware_problems + 1))
    fi
  done
  (( labware_problems )) && say "$labware_problems labware problem(s); simulations may fail"
fi
(( ${#protocols[@]} )) || { say "no protocols found"; exit 0; }
mkdir -p -- "$logdir"

policy_check() {
  local file=$1 problems=()
  grep -Eq "apiLevel['\"]?[[:space:]]*[:=]" "$file" || problems+=("no apiLevel in metadata/requirements")
  grep -Eq '^(import|from)[[:space:]]+(subprocess|socket|requests|urllib)' "$file" \
    && problems+=("imports a network/process module")
  grep -Eq 'opentrons\.execute|get_protocol_api' "$file" && problems+=("uses opentrons.execute directly")
  local long
  long=$(grep -Eo 'comment\(["'\''][^"'\'']{201,}' "$file" | head -n 1 || true)
  [[ -n $long ]] && problems+=("protocol.comment() longer than 200 characters")
  if (( ${#problems[@]} )); then
    printf '%s; ' "${problems[@]}"
    return 1
  fi
}

sim_counts() {
  local log=$1
  printf 'asp=%s disp=%s tips=%s' \
    "$(grep -c '^ *Aspirating' "$log" || true)" \
    "$(grep -c '^ *Dispensing' "$log" || true)" \
    "$(grep -c '^ *Picking up tip' "$log" || true)"
}

for proto in "${protocols[@]}"; do
  rel=${proto#"$here"/}
  name=$(basename -- "$proto" .py)
  log="$logdir/$name.log"
  status=ok
  detail=""

  if command -v ruff >/dev/null && ! ruff check --quiet "$proto" > "$logdir/$name.ruff" 2>&1; then
    status=fail
    detail="ruff: $(head -n 1 "$logdir/$name.ruff")"
  fi

  if [[ $status == ok ]]; then
    if ! policy_out=$(policy_check "$proto"); then
      status=fail
      detail="policy: $policy_out"
    fi
  fi

  if [[ $status == ok ]]; then
    sim_args=("$proto")
    [[ -d $labware ]] && sim_args=(-L "$labware" "$proto")
    if timeout 600 opentrons_simulate "${sim_args[@]}" > "$log" 2>&1; then
      detail=$(sim_counts "$log")
    else
      status=fail
      detail="simulate: $(grep -m1 -E 'Error|Exception' "$log" || tail -n 1 "$log")"
    fi
  fi

  [[ $status == ok ]] || failures=$((failures + 1))
  names+=("$rel")
  results+=("$status")
  details+=("$detail")
  printf '%-48s %-5s %s\n' "$rel" "$status" "$detail"
done

if [[ -n $junit ]]; then
  mkdir -p -- "$(dirname -- "$junit")"
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<testsuite name="protocols" tests="%d" failures="%d">\n' "${#names[@]}" "$failures"
    for i in "${!names[@]}"; do
      esc_name=$(printf '%s' "${names[$i]}" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/"/\&quot;/g')
      esc_detail=$(printf '%s' "${details[$i]}" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/"/\&quot;/g')
      if [[ ${results[$i]} == ok ]]; then
        printf '  <testcase name="%s"><system-out>%s</system-out></testcase>\n' "$esc_name" "$esc_detail"
      else
        printf '  <testcase name="%s"><failure message="%s"/></testcase>\n' "$esc_name" "$esc_detail"
      fi
    done
    printf '</testsuite>\n'
  } > "$junit.tmp" && mv -f -- "$junit.tmp" "$junit"
  say "junit report: ${junit#"$here"/}"
fi

# keep only the logs of protocols that still exist
for old in "$logdir"/*.log; do
  [[ -e $old ]] || continue
  base=$(basename -- "$old" .log)
  if ! printf '%s\n' "${names[@]}" | grep -q "/$base.py$\|^$base.py$"; then
    rm -f -- "$old" "$logdir/$base.ruff"
  fi
done

say "${#names[@]} protocol(s), $failures failure(s)"

# markdown summary for the merge request comment
summary="$logdir/SUMMARY.md"
{
  echo "| protocol | result | details |"
  echo "|---|---|---|"
  for i in "${!names[@]}"; do
    printf '| %s | %s | %s |\n' "${names[$i]}" "${results[$i]}" "${details[$i]//|/\\|}"
  done
} > "$summary"
say "summary: ${summary#"$here"/}"
(( failures == 0 ))
