#!/usr/bin/env bash
# Offboarding PLAN generator for Google Workspace (does not change anything).
#
#   it/offboard-plan.sh leaver@corp.example.com manager@corp.example.com
#
# Collects facts with read-only GAM commands (user info, groups, Drive file
# count, forwarding, delegates, mobile devices) and writes a reviewed runbook
# to offboarding/<user>/<date>-plan.md containing the GAM commands IT will run
# *after* HR sign-off. The commands are written into the Markdown as text;
# this script never executes them.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
LEAVER="${1:-}"
MANAGER="${2:-}"
DOMAINS_FILE="$REPO/it/internal_domains.txt"

out() { printf '%s\n' "$*"; }
die() { printf 'offboard-plan: %s\n' "$*" >&2; exit 1; }

[[ -n "$LEAVER" && -n "$MANAGER" ]] || die "usage: offboard-plan.sh <leaver> <manager>"
[[ -f "$DOMAINS_FILE" ]] || die "missing it/internal_domains.txt"
mapfile -t DOMAINS < <(grep -v '^#' "$DOMAINS_FILE" | sed '/^$/d')

internal() {
  local d="${1#*@}" x
  for x in "${DOMAINS[@]}"; do
    [[ "$d" == "$x" ]] && return 0
  done
  return 1
}
internal "$LEAVER" || die "$LEAVER is not in an internal domain"
internal "$MANAGER" || die "manager $MANAGER must be an internal account (Drive transfer target)"

command -v gam >/dev/null || die "gam not on PATH"
USER_DIR="$REPO/offboarding/${LEAVER%@*}"
mkdir -p "$USER_DIR"
PLAN="$USER_DIR/$(date +%Y-%m-%d)-plan.md"
FACTS="$USER_DIR/facts-$(date +%Y%m%d).txt"
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT

# ---- verification mode (after IT executed a plan) --------------------------
verify_done() {
  # read-only checks that the steps of an executed plan took effect
  local ok=0 bad=0 line
  check() {
    if eval "$2"; then
      printf '  [ok]   %s\n' "$1"; ok=$((ok + 1))
    else
      printf '  [TODO] %s\n' "$1"; bad=$((bad + 1))
    fi
  }
  gam info user "$LEAVER" quick > "$TMP/after.txt" 2>&1 || die "user lookup failed"
  check "account suspended" "grep -q 'Account Suspended: True' '$TMP/after.txt'"
  gam user "$LEAVER" print groups > "$TMP/after_groups.csv" 2>/dev/null || true
  check "no group memberships" "[[ \$(wc -l < '$TMP/after_groups.csv') -le 1 ]]"
  gam user "$LEAVER" show forwards > "$TMP/after_fwd.txt" 2>/dev/null || true
  check "no mail forwarding" "! grep -qi 'forwardTo' '$TMP/after_fwd.txt'"
  gam user "$LEAVER" print filecount > "$TMP/after_files.csv" 2>/dev/null || true
  line="$(tail -n 1 "$TMP/after_files.csv" 2>/dev/null | awk -F, '{print $2}')"
  check "Drive emptied by transfer (files: ${line:-?})" "[[ '${line:-1}' == 0 ]]"
  printf '%d done, %d open\n' "$ok" "$bad"
  (( bad == 0 ))
}

TMP_EARLY="$(mktemp -d)"
if [[ "${3:-}" == "--verify" ]]; then
  TMP="$TMP_EARLY"
  trap 'rm -rf -- "$TMP"' EXIT
  verify_done
  exit $?
fi
rm -rf -- "$TMP_EARLY"

# ---- read-only fact gathering -------------------------------------------
gam info user "$LEAVER" quick > "$TMP/info.txt" 2>&1 || die "user lookup failed"
gam user "$LEAVER" print groups > "$TMP/groups.csv" 2>/dev/null || true
gam user "$LEAVER" print filecount > "$TMP/files.csv" 2>/dev/null || true
gam user "$LEAVER" show forwards > "$TMP/forwards.txt" 2>/dev/null || true
gam user "$LEAVER" show delegates > "$TMP/delegates.txt" 2>/dev/null || true
gam print mobile query "email:$LEAVER" > "$TMP/mobile.csv" 2>/dev/null || true
gam user "$LEAVER" show tokens > "$TMP/tokens.txt" 2>/dev/null || true

cat "$TMP"/info.txt "$TMP"/forwards.txt "$TMP"/delegates.txt > "$FACTS"

GROUP_COUNT=$(( $(wc -l < "$TMP/groups.csv" 2>/dev/null || echo 1) - 1 ))
FILE_COUNT="$(tail -n 1 "$TMP/files.csv" 2>/dev/null | awk -F, '{print $2}')"
MOBILE_COUNT=$(( $(wc -l < "$TMP/mobile.csv" 2>/dev/null || echo 1) - 1 ))
TOKEN_APPS="$(grep -c 'clientId' "$TMP/tokens.txt" 2>/dev/null || true)"
FORWARDING="$(grep -iE 'forwardTo|emailAddress' "$TMP/forwards.txt" | head -n 3 | tr '\n' ' ')"
OU="$(grep -m1 'Org Unit Path' "$TMP/info.txt" | cut -d: -f2- | xargs)"

external_forward=""
for addr in $(grep -oE '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+' "$TMP/forwards.txt" || true); do
  internal "$addr" || external_forward+="$addr "
done

# ---- plan -----------------------------------------------------------------
{
  out "# Offboarding plan: $LEAVER"
  out ""
  out "_Generated $(date '+%Y-%m-%d %H:%M') by it/offboard-plan.sh. Nothing has been executed._"
  out ""
  out "| fact | value |"
  out "|---|---|"
  out "| org unit | ${OU:-?} |"
  out "| groups | $GROUP_COUNT |"
  out "| Drive files owned | ${FILE_COUNT:-?} |"
  out "| mobile devices | $MOBILE_COUNT |"
  out "| OAuth apps | ${TOKEN_APPS:-0} |"
  out "| forwarding | ${FORWARDING:-none} |"
  out ""
  if [[ -n "$external_forward" ]]; then
    out "> **Warning:** mail is forwarded to external address(es): $external_forward"
    out "> Remove the forward before anything else and tell Security."
    out ""
  fi
  out "## Steps (run only after HR sign-off, in this order)"
  out ""
  out '```sh'
  out "# 1. block sign-in and revoke sessions"
  out "gam update user $LEAVER suspended on"
  out "gam user $LEAVER signout"
  out "gam user $LEAVER deprovision"
  out ""
  out "# 2. hand over data to the manager (internal account, checked by the script)"
  out "gam create datatransfer $LEAVER gdrive $MANAGER privacy_level shared,private"
  out "gam create datatransfer $LEAVER calendar $MANAGER release_resources true"
  out ""
  out "# 3. remove from groups ($GROUP_COUNT)"
  tail -n +2 "$TMP/groups.csv" 2>/dev/null | cut -d, -f2 | while read -r g; do
    [[ -n "$g" ]] && out "gam update group $g delete member $LEAVER"
  done
  out ""
  out "# 4. wipe company data on mobile devices ($MOBILE_COUNT)"
  tail -n +2 "$TMP/mobile.csv" 2>/dev/null | cut -d, -f1 | while read -r rid; do
    [[ -n "$rid" ]] && out "gam update mobile $rid action account_wipe"
  done
  out ""
  out "# 5. after 30 days and a second review"
  out "# gam delete user $LEAVER"
  out '```'
  out ""
  out "Reviewed by: ____________  Date: ________"
} > "$PLAN"

chmod 600 "$PLAN" "$FACTS"
printf 'plan written to %s\n' "${PLAN#$REPO/}"
printf 'facts kept in %s\n' "${FACTS#$REPO/}"
if [[ -n "$external_forward" ]]; then
  printf 'WARNING: external forwarding detected (%s)\n' "$external_forward"
fi

# open the plan for review if we are in a desktop session
if [[ -n "${DISPLAY:-}" ]] && command -v xdg-open >/dev/null; then
  xdg-open "$PLAN" >/dev/null 2>&1 || true
fi

# record the plan in the local index (used by the weekly IT report)
INDEX="$REPO/offboarding/INDEX.tsv"
[[ -f "$INDEX" ]] || printf 'date\tuser\tmanager\tplan\n' > "$INDEX"
printf '%s\t%s\t%s\t%s\n' "$(date +%F)" "$LEAVER" "$MANAGER" "${PLAN#$REPO/}" >> "$INDEX"

# keep the last five plans per user
ls -1t "$USER_DIR"/*-plan.md 2>/dev/null | tail -n +6 | xargs -r rm -f --
ls -1t "$USER_DIR"/facts-*.txt 2>/dev/null | tail -n +6 | xargs -r rm -f --

# Summarise for the ticket
cat <<EOF

Ticket summary
--------------
User:        $LEAVER ($OU)
Manager:     $MANAGER
Groups:      $GROUP_COUNT
Drive files: ${FILE_COUNT:-?}
Devices:     $MOBILE_COUNT
Plan:        ${PLAN#$REPO/}
EOF
