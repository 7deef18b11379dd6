#!/usr/bin/env bash
# End-of-term Moodle reports with moosh (read-only).
#
#   reports/term_report.sh -c 2026-AUT [-o reports/out] [--anonymise]
#
# Runs on the Moodle host as the web user through `sudo -u www-data moosh`
# (moosh must run as the owner of moodledata). Only list/report commands are
# used. Output CSVs are written into the project; with --anonymise student
# e-mails are replaced by a salted hash before anything is written.
set -euo pipefail

PROJ="$(cd "$(dirname "$0")/.." && pwd)"
MOODLE_DIR="${MOODLE_DIR:-/var/www/moodle}"
WEB_USER="${WEB_USER:-www-data}"
OUT="$PROJ/reports/out"
CATEGORY=""
ANON=0
SALT_FILE="$PROJ/.anon_salt"

log() { echo ">> $*" >&2; }
die() { echo "!! $*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    -c) CATEGORY="$2"; shift 2 ;;
    -o) OUT="$(realpath -m "$2")"; shift 2 ;;
    --anonymise|--anonymize) ANON=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done
[[ -n "$CATEGORY" ]] || die "-c <category idnumber> is required"
case "$OUT" in "$PROJ"/*) ;; *) die "output must be inside $PROJ" ;; esac
[[ -d "$MOODLE_DIR" ]] || die "MOODLE_DIR $MOODLE_DIR not found"
command -v moosh >/dev/null || die "moosh not installed"

moosh_ro() {
  # whitelist of read-only moosh commands used by this report
  case "$1" in
    course-list|user-list|category-list|course-enrolleduser|report-concurrency|gradebook-export|config-get) ;;
    *) die "moosh command $1 is not in the read-only list" ;;
  esac
  sudo -u "$WEB_USER" moosh -n -p "$MOODLE_DIR" "$@"
}

salt() {
  if [[ ! -f "$SALT_FILE" ]]; then
    head -c 32 /dev/urandom | base64 > "$SALT_FILE"
    chmod 600 "$SALT_FILE"
    log "created new anonymisation salt in ${SALT_FILE#$PROJ/} (keep it to re-link records)"
  fi
  cat "$SALT_FILE"
}

anon_email() {
  local s="$1" e
  while IFS= read -r e; do
    printf '%s' "$s$e" | sha256sum | cut -c1-16
  done
}

mkdir -p "$OUT"
STAMP="$(date +%Y%m%d)"
TMP="$(mktemp -d "$OUT/.tmp.XXXX")"
trap 'rm -rf -- "$TMP"' EXIT

log "moodle version: $(moosh_ro config-get core release 2>/dev/null || echo unknown)"

CAT_ID="$(moosh_ro category-list | awk -v c="$CATEGORY" -F'\t' '$4 == c {print $1}' | head -n 1)"
[[ -n "$CAT_ID" ]] || die "category $CATEGORY not found"
log "category $CATEGORY -> id $CAT_ID"

moosh_ro course-list -c "$CAT_ID" -f 'id,shortname,fullname,visible' > "$TMP/courses.csv"
N_COURSES="$(($(wc -l < "$TMP/courses.csv") - 1))"
log "$N_COURSES courses"
cp -- "$TMP/courses.csv" "$OUT/courses_${CATEGORY}_$STAMP.csv"

ENROL="$OUT/enrolments_${CATEGORY}_$STAMP.csv"
echo "course_id,shortname,role,user" > "$ENROL"
SALT=""
(( ANON )) && SALT="$(salt)"
tail -n +2 "$TMP/courses.csv" | while IFS=, read -r cid short _full _vis; do
  cid="${cid//\"/}"
  short="${short//\"/}"
  for role in student editingteacher; do
    moosh_ro course-enrolleduser "$role" "$cid" 2>/dev/null \
      | awk -F: '{print $2}' | sed 's/^ *//' > "$TMP/users_${cid}_$role.txt" || true
    if (( ANON )) && [[ "$role" == "student" ]]; then
      anon_email "$SALT" < "$TMP/users_${cid}_$role.txt" > "$TMP/anon.txt"
      mv -- "$TMP/anon.txt" "$TMP/users_${cid}_$role.txt"
    fi
    while IFS= read -r u; do
      [[ -n "$u" ]] && printf '%s,%s,%s,%s\n' "$cid" "$short" "$role" "$u"
    done < "$TMP/users_${cid}_$role.txt"
  done
done >> "$ENROL"
log "enrolments: $(($(wc -l < "$ENROL") - 1)) rows"

GRADES_DIR="$OUT/grades_${CATEGORY}_$STAMP"
mkdir -p "$GRADES_DIR"
tail -n +2 "$TMP/courses.csv" | cut -d, -f1 | tr -d '"' | while read -r cid; do
  if moosh_ro gradebook-export -a csv "$cid" > "$TMP/g.csv" 2>/dev/null; then
    if (( ANON )); then
      # column 3 is the email address in the default export
      awk -F, -v OFS=, 'NR == 1 {print; next} {print $0}' "$TMP/g.csv" \
        | while IFS=, read -r first last email rest; do
            if [[ "$first" == "First name" ]]; then
              echo "id,$rest"
            else
              printf '%s,%s\n' "$(printf '%s' "$email" | anon_email "$SALT")" "$rest"
            fi
          done > "$GRADES_DIR/course_$cid.csv"
    else
      mv -- "$TMP/g.csv" "$GRADES_DIR/course_$cid.csv"
    fi
  else
    log "no gradebook export for course $cid"
  fi
done
log "gradebooks: $(ls "$GRADES_DIR" | wc -l) files"

grade_stats() {
  # mean of the "Course total" column per course, for the summary only
  local f col
  printf 'course,students,course_total_mean\n'
  for f in "$GRADES_DIR"/course_*.csv; do
    [[ -s "$f" ]] || continue
    col="$(head -n 1 "$f" | tr ',' '\n' | grep -n 'Course total' | cut -d: -f1 | head -n 1)"
    if [[ -z "$col" ]]; then
      printf '%s,%s,\n' "$(basename "$f" .csv)" "$(($(wc -l < "$f") - 1))"
      continue
    fi
    awk -F, -v c="$col" -v name="$(basename "$f" .csv)" '
      NR > 1 && $c ~ /^[0-9.]+$/ { s += $c; n++ }
      END { printf "%s,%d,%s\n", name, NR - 1, (n ? sprintf("%.2f", s / n) : "") }' "$f"
  done
}
grade_stats > "$OUT/grade_stats_${CATEGORY}_$STAMP.csv"
log "grade stats: grade_stats_${CATEGORY}_$STAMP.csv"

empty_courses() {
  # courses with no students are candidates for the archive review
  tail -n +2 "$TMP/courses.csv" | cut -d, -f1,2 | tr -d '"' | while IFS=, read -r cid short; do
    if [[ ! -s "$TMP/users_${cid}_student.txt" ]]; then
      printf '%s,%s\n' "$cid" "$short"
    fi
  done
}
empty_courses > "$OUT/empty_courses_${CATEGORY}_$STAMP.csv"
log "empty courses: $(wc -l < "$OUT/empty_courses_${CATEGORY}_$STAMP.csv")"

log "site concurrency for the last 7 days"
moosh_ro report-concurrency -f "$(date -d '-7 days' +%Y%m%d)" -t "$(date +%Y%m%d)" \
  > "$OUT/concurrency_$STAMP.txt" 2>/dev/null || log "concurrency report unavailable"

summarise() {
  local f="$1"
  awk -F, 'NR > 1 { n[$3]++ } END { for (r in n) printf "  %-16s %d\n", r, n[r] }' "$f"
}
log "enrolment summary:"
summarise "$ENROL" >&2

# index file for the department share
{
  echo "# Term report $CATEGORY ($STAMP)"
  echo
  echo "- courses: $N_COURSES"
  echo "- enrolment rows: $(($(wc -l < "$ENROL") - 1))"
  echo "- anonymised: $( (( ANON )) && echo yes || echo no )"
  echo "- generated by: $(git -C "$PROJ" log -1 --format='%h %an' 2>/dev/null || whoami)"
} > "$OUT/README_${CATEGORY}_$STAMP.md"

# keep only the last three reports per category
for pattern in courses enrolments README; do
  ls -1t "$OUT"/${pattern}_${CATEGORY}_* 2>/dev/null | tail -n +4 | xargs -r rm -f --
done
ls -1dt "$OUT"/grades_${CATEGORY}_* 2>/dev/null | tail -n +4 | xargs -r rm -rf --

log "reports in ${OUT#$PROJ/}"
ls -1 "$OUT" | grep -F "$STAMP" | sed 's/^/   /' >&2
exit 0
