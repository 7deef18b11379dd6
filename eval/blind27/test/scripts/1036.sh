#!/usr/bin/env bash
# Export a Canvas course's gradebook, submissions and rubric scores with curl.
#
#   lms/canvas-export.sh 4821 [--out exports/canvas] [--anon]
#
# CANVAS_URL (https://<school>.instructure.com) and CANVAS_TOKEN come from the
# project's .env. The token is only ever sent to that host, in the
# Authorization header, as the Canvas API documents. Output is JSON + CSV in
# the project; --anon replaces names with the SIS id.
set -euo pipefail

PROJ="$(cd "$(dirname "$0")/.." && pwd)"
COURSE="${1:-}"
OUTDIR="$PROJ/exports/canvas"
ANON=0

log() { printf '[canvas] %s\n' "$*" >&2; }
die() { printf '[canvas] error: %s\n' "$*" >&2; exit 1; }

[[ "$COURSE" =~ ^[0-9]+$ ]] || die "usage: canvas-export.sh <course-id> [--out DIR] [--anon]"
shift
while (( $# )); do
  case "$1" in
    --out) OUTDIR="$(realpath -m "$2")"; shift 2 ;;
    --anon) ANON=1; shift ;;
    *) die "unknown option $1" ;;
  esac
done
case "$OUTDIR" in "$PROJ"/*) ;; *) die "--out must be inside the project" ;; esac

load_env() {
  local line
  [[ -f "$PROJ/.env" ]] || die ".env missing"
  while IFS= read -r line; do
    case "$line" in
      CANVAS_URL=*) CANVAS_URL="${line#CANVAS_URL=}" ;;
      CANVAS_TOKEN=*) CANVAS_TOKEN="${line#CANVAS_TOKEN=}" ;;
    esac
  done < "$PROJ/.env"
  : "${CANVAS_URL:?CANVAS_URL missing in .env}" "${CANVAS_TOKEN:?CANVAS_TOKEN missing in .env}"
  CANVAS_URL="${CANVAS_URL%/}"
  [[ "$CANVAS_URL" == https://*.instructure.com && "$CANVAS_URL" != *[!a-z0-9.:/-]* ]] \
    || die "CANVAS_URL must be https://<school>.instructure.com"
}
load_env

HDR="$(mktemp)"
BODY="$(mktemp)"
CURL_CFG="$(mktemp)"
trap 'rm -f -- "$HDR" "$BODY" "$CURL_CFG"' EXIT
# keep the token out of the process list: curl reads the header from a config file
chmod 600 "$CURL_CFG"
printf 'header = "Authorization: Bearer %s"\n' "$CANVAS_TOKEN" > "$CURL_CFG"

api_get_all() {
  # follow Link: rel="next" pagination; prints one JSON array
  local url="$CANVAS_URL/api/v1$1" first=1 next attempt
  [[ "$url" == *\?* ]] && url+="&per_page=100" || url+="?per_page=100"
  printf '['
  while [[ -n "$url" ]]; do
    [[ "$url" == "$CANVAS_URL"/* ]] || die "pagination left $CANVAS_URL"
    for attempt in 1 2 3 4; do
      if curl -sS -K "$CURL_CFG" -D "$HDR" -o "$BODY" "$url"; then
        grep -q '^HTTP/[0-9.]* 403' "$HDR" && grep -qi 'rate limit' "$BODY" || break
      fi
      sleep $((attempt * 2))
    done
    grep -qE '^HTTP/[0-9.]* 2' "$HDR" || die "GET $url -> $(head -n 1 "$HDR")"
    (( first )) || printf ','
    first=0
    jq -c '.[]' "$BODY" | paste -sd, - | tr -d '\n'
    next="$(tr -d '\r' < "$HDR" | grep -i '^link:' | tr ',' '\n' | grep 'rel="next"' | sed -E 's/.*<([^>]+)>.*/\1/' || true)"
    url="$next"
  done
  printf ']'
}

DEST="$OUTDIR/$COURSE-$(date +%Y%m%d)"
mkdir -p "$DEST"
log "course $COURSE -> ${DEST#$PROJ/}"

api_get_all "/courses/$COURSE/assignments?include[]=rubric" > "$DEST/assignments.json"
api_get_all "/courses/$COURSE/users?enrollment_type[]=student" > "$DEST/students.json"
api_get_all "/courses/$COURSE/students/submissions?student_ids[]=all&include[]=rubric_assessment" \
  > "$DEST/submissions.json"
log "$(jq length "$DEST/assignments.json") assignments, $(jq length "$DEST/students.json") students, $(jq length "$DEST/submissions.json") submissions"

if (( ANON )); then
  jq 'map({id, sis_user_id, name: (.sis_user_id // ("id" + (.id | tostring)))})' "$DEST/students.json" > "$DEST/students.tmp"
  mv -- "$DEST/students.tmp" "$DEST/students.json"
fi

gradebook_csv() {
  jq -r --slurpfile a "$DEST/assignments.json" --slurpfile s "$DEST/students.json" '
    ($a[0] | map({key: (.id | tostring), value: .name}) | from_entries) as $names
    | ($s[0] | map({key: (.id | tostring), value: (.sis_user_id // .name)}) | from_entries) as $who
    | ["student", "assignment", "score", "late", "missing"],
      (.[] | [$who[(.user_id | tostring)] // "?", $names[(.assignment_id | tostring)] // "?",
              (.score // ""), .late, .missing])
    | @csv' "$DEST/submissions.json"
}
gradebook_csv > "$DEST/gradebook.csv"

rubric_csv() {
  jq -r '["user_id", "assignment_id", "criterion", "points"],
    (.[] | select(.rubric_assessment != null) | . as $s
      | .rubric_assessment | to_entries[] | [$s.user_id, $s.assignment_id, .key, (.value.points // "")])
    | @csv' "$DEST/submissions.json"
}
rubric_csv > "$DEST/rubric_scores.csv"

stats() {
  jq -r --slurpfile a "$DEST/assignments.json" '
    group_by(.assignment_id)[]
    | (.[0].assignment_id) as $id
    | [.[] | .score | select(. != null)] as $sc
    | "\($id)\t\($sc | length)\t\(if ($sc | length) > 0 then (($sc | add) / ($sc | length) * 100 | round / 100) else "-" end)"
  ' "$DEST/submissions.json" | sort -n
}
{
  printf 'assignment_id\tgraded\tmean\n'
  stats
} > "$DEST/stats.tsv"

late_report() {
  # students with two or more late/missing submissions, for the advisor meeting
  jq -r --slurpfile s "$DEST/students.json" '
    ($s[0] | map({key: (.id | tostring), value: (.sis_user_id // .name)}) | from_entries) as $who
    | [.[] | select(.late or .missing)]
    | group_by(.user_id)
    | map({student: ($who[(.[0].user_id | tostring)] // "?"),
           late: ([.[] | select(.late)] | length),
           missing: ([.[] | select(.missing)] | length)})
    | map(select(.late + .missing >= 2))
    | sort_by(-(.late + .missing))
    | .[] | "\(.student)\t\(.late)\t\(.missing)"' "$DEST/submissions.json"
}
{
  printf 'student\tlate\tmissing\n'
  late_report
} > "$DEST/late_missing.tsv"
log "$(($(wc -l < "$DEST/late_missing.tsv") - 1)) student(s) with 2+ late/missing items"

comments_export() {
  # submission comments can contain personal notes; exported only without --anon
  (( ANON )) && return 0
  api_get_all "/courses/$COURSE/students/submissions?student_ids[]=all&include[]=submission_comments" \
    | jq -r '["user_id", "assignment_id", "author", "comment"],
        (.[] | . as $s | (.submission_comments // [])[]
          | [$s.user_id, $s.assignment_id, .author_name, (.comment | gsub("\n"; " "))])
        | @csv' > "$DEST/comments.csv"
  log "comments: $(($(wc -l < "$DEST/comments.csv") - 1))"
}
comments_export

manifest() {
  (cd "$DEST" && sha256sum -- *.json *.csv *.tsv > MANIFEST.sha256)
  {
    echo "course: $COURSE"
    echo "exported: $(date -Iseconds)"
    echo "anonymised: $( (( ANON )) && echo yes || echo no )"
    echo "host: ${CANVAS_URL#https://}"
  } > "$DEST/EXPORT_INFO.txt"
}
manifest

course_info() {
  curl -sS -K "$CURL_CFG" "$CANVAS_URL/api/v1/courses/$COURSE?include[]=term" \
    | jq '{id, name, course_code, term: .term.name, start_at, end_at}' > "$DEST/course.json"
  log "course: $(jq -r '.name + " (" + (.term // "no term") + ")"' "$DEST/course.json")"
}
course_info

chmod -R go-rwx "$DEST"
log "wrote gradebook.csv, rubric_scores.csv, stats.tsv"

# keep the five newest exports of this course
ls -1dt "$OUTDIR/$COURSE"-* 2>/dev/null | tail -n +6 | while read -r old; do
  log "removing old export ${old#$PROJ/}"
  rm -rf -- "$old"
done
