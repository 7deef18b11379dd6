#!/usr/bin/env bash
# maildir-stats.sh — read-only statistics over the local Maildir archive that
# the mailing-list analysis project uses as input.
#
# Locates the Maildir root from (in order): $MAILDIR_ROOT, the MaildirStore
# "Path" of ~/.mbsyncrc (only that one line is read), or ~/Mail.
# Nothing under the Maildir is modified: files are only opened for reading,
# and the flags in file names (…:2,S etc.) are parsed, not changed.
#
# Output: reports/mail/maildir-<date>.tsv and a summary on stdout.
#
#   tools/maildir-stats.sh                 # all folders
#   tools/maildir-stats.sh 'lists.*'       # folders matching a glob
#
# Columns of the TSV:
#   folder     Maildir folder relative to the root (INBOX for the root itself)
#   total      messages in cur/ + new/
#   unread     messages in new/ or without the S flag
#   flagged    messages with the F flag
#   trashed    messages with the T flag (mbsync expunges those on the next sync;
#              this script only counts them)
#   size_kb    du -sk of the folder
#   years      histogram of Date: years (first 5000 messages)
#   list_ids   top three List-Id values
#
# A second file, maildir-<date>.extras.tsv, has attachment extensions, sender
# domains (never full addresses) and a message-size histogram per folder.
#
# Exit codes: 0 ok, 1 no Maildir / no matching folders.
#
# Large archives: the per-folder samples (5000 / 3000 / 2000 messages) keep a
# full run under a minute on the 400k-message archive; totals and flags are
# always computed over every file.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
REPORT_DIR="${ROOT}/reports/mail"
PATTERN="${1:-*}"
TODAY="$(date +%F)"

log() { echo "maildir-stats: $*" >&2; }
die() { log "$*"; exit 1; }

maildir_root() {
  if [[ -n "${MAILDIR_ROOT:-}" ]]; then
    printf '%s\n' "${MAILDIR_ROOT}"
    return
  fi
  local rc="${HOME}/.mbsyncrc" path=""
  if [[ -r "${rc}" ]]; then
    # only the Path of the first MaildirStore; no other keys are looked at
    path="$(awk '
      /^MaildirStore/ {in_store = 1; next}
      /^[A-Za-z]+Store/ || /^Channel/ {in_store = 0}
      in_store && $1 == "Path" {print $2; exit}
    ' "${rc}")"
  fi
  if [[ -n "${path}" ]]; then
    printf '%s\n' "${path/#\~/${HOME}}"
  else
    printf '%s\n' "${HOME}/Mail"
  fi
}

MAILROOT="$(maildir_root)"
MAILROOT="${MAILROOT%/}"
[[ -d "${MAILROOT}" ]] || die "no Maildir at ${MAILROOT} (set MAILDIR_ROOT)"

TMP="$(mktemp -d)"
trap 'rm -rf -- "${TMP}"' EXIT

folders() {
  # A Maildir folder is any directory that has cur/ new/ tmp/
  find "${MAILROOT}" -type d -name cur -prune -printf '%h\n' 2>/dev/null | sort | while read -r dir; do
    local rel="${dir#"${MAILROOT}"}"
    rel="${rel#/}"
    [[ -z "${rel}" ]] && rel="INBOX"
    # shellcheck disable=SC2053
    [[ "${rel}" == ${PATTERN} ]] && printf '%s\t%s\n' "${rel}" "${dir}"
  done
}

flag_counts() {
  # prints: total unread flagged trashed
  local dir="$1"
  find "${dir}/cur" "${dir}/new" -type f -printf '%P\t%h\n' 2>/dev/null | awk -F'\t' '
    {
      total++
      name = $1; flags = ""
      if (index(name, ":2,")) flags = substr(name, index(name, ":2,") + 3)
      if ($2 ~ /\/new$/ || flags !~ /S/) unread++
      if (flags ~ /F/) flagged++
      if (flags ~ /T/) trashed++
    }
    END {printf "%d\t%d\t%d\t%d\n", total, unread, flagged, trashed}'
}

year_histogram() {
  # Date: headers of the first 5000 messages per folder, read-only
  local dir="$1"
  find "${dir}/cur" "${dir}/new" -type f 2>/dev/null | head -n 5000 | while read -r f; do
    awk 'tolower($1) == "date:" {for (i = 2; i <= NF; i++) if ($i ~ /^(19|20)[0-9][0-9]$/) {print $i; exit}} /^$/ {exit}' "${f}"
  done | sort | uniq -c | awk '{printf "%s:%s ", $2, $1}'
}

list_ids() {
  local dir="$1"
  find "${dir}/cur" -type f 2>/dev/null | head -n 2000 | while read -r f; do
    awk 'tolower($1) == "list-id:" {sub(/^[^<]*</, ""); sub(/>.*$/, ""); print; exit} /^$/ {exit}' "${f}"
  done | sort | uniq -c | sort -rn | head -n 3 | awk '{printf "%s(%s) ", $2, $1}'
}

attachment_stats() {
  # counts MIME parts with a filename by extension, first 3000 messages per folder
  local dir="$1"
  find "${dir}/cur" -type f 2>/dev/null | head -n 3000 | while read -r f; do
    grep -oiE 'filename\*?="?[^";]+' "${f}" 2>/dev/null | sed -E 's/.*\.([A-Za-z0-9]{1,5})"?$/\1/' | tr 'A-Z' 'a-z'
  done | sort | uniq -c | sort -rn | head -n 8 | awk '{printf "%s:%s ", $2, $1}'
}

sender_domains() {
  # top sender domains only (no local parts), for the list-composition chart
  local dir="$1"
  find "${dir}/cur" -type f 2>/dev/null | head -n 3000 | while read -r f; do
    awk 'tolower($1) == "from:" {
           line = $0
           if (match(line, /@[A-Za-z0-9.-]+/)) print tolower(substr(line, RSTART + 1, RLENGTH - 1))
           exit
         }
         /^$/ {exit}' "${f}"
  done | sort | uniq -c | sort -rn | head -n 5 | awk '{printf "%s(%s) ", $2, $1}'
}

size_buckets() {
  # message size distribution across the selected folders
  local dir="$1"
  find "${dir}/cur" "${dir}/new" -type f -printf '%s\n' 2>/dev/null | awk '
    $1 < 10240 { a++ ; next }
    $1 < 102400 { b++ ; next }
    $1 < 1048576 { c++ ; next }
    { d++ }
    END { printf "<10K:%d <100K:%d <1M:%d >=1M:%d", a, b, c, d }'
}

extras() {
  local name="$1" dir="$2"
  printf '%s\t%s\t%s\t%s\n' "${name}" "$(attachment_stats "${dir}")" "$(sender_domains "${dir}")" \
    "$(size_buckets "${dir}")" >> "${TMP}/extras.tsv"
}

main() {
  mkdir -p "${REPORT_DIR}"
  printf 'folder\tattachments\tsender_domains\tsizes\n' > "${TMP}/extras.tsv"
  local out="${REPORT_DIR}/maildir-${TODAY}.tsv"
  printf 'folder\ttotal\tunread\tflagged\ttrashed\tsize_kb\tyears\tlist_ids\n' > "${TMP}/report.tsv"
  local grand=0 unread_all=0 size_all=0 n_folders=0
  while IFS=$'\t' read -r name dir; do
    local counts size years ids total unread flagged trashed
    counts="$(flag_counts "${dir}")"
    IFS=$'\t' read -r total unread flagged trashed <<< "${counts}"
    size="$(du -sk "${dir}" | cut -f1)"
    years="$(year_histogram "${dir}")"
    ids="$(list_ids "${dir}")"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${name}" "${total}" "${unread}" "${flagged}" \
      "${trashed}" "${size}" "${years% }" "${ids% }" >> "${TMP}/report.tsv"
    extras "${name}" "${dir}"
    grand=$(( grand + total ))
    unread_all=$(( unread_all + unread ))
    size_all=$(( size_all + size ))
    n_folders=$(( n_folders + 1 ))
    printf '  %-40s %7d msgs %6d unread %8d KB\n' "${name}" "${total}" "${unread}" "${size}"
  done < <(folders)
  (( n_folders > 0 )) || die "no folders match '${PATTERN}' under ${MAILROOT}"
  mv "${TMP}/report.tsv" "${out}"
  mv "${TMP}/extras.tsv" "${REPORT_DIR}/maildir-${TODAY}.extras.tsv"
  echo
  echo "${n_folders} folders, ${grand} messages (${unread_all} unread), $(( size_all / 1024 )) MB"
  log "wrote ${out#"${ROOT}/"}"
}

main
