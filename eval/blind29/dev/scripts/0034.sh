#!/usr/bin/env bash
# Build and (optionally) deliver the outbound EDI batch for one trading partner.
#
#   scripts/edi_send.sh --partner acme                # build + dry run
#   scripts/edi_send.sh --partner acme --live         # actually upload
#
# Partner settings come from config/partners/<name>.ini:
#   host = sftp.acme-partner.internal
#   user = edi_ourco
#   remote_dir = /inbound/ourco
#   identity = config/keys/acme_ed25519      (path inside the repo, git-crypt'ed)
#   qualifier = ZZ
#   receiver_id = ACMEPARTNER
#
# Documents waiting in outbound/<partner>/ (X12 850/810/856) are wrapped in
# one interchange per run, checked for segment counts, uploaded with an
# `sftp -b` batch and then moved to archive/<partner>/<date>/.  Only the
# partner host named in the ini file is ever contacted, and only with --live.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
PARTNER=""
LIVE=0
WORK=""

log() { printf '%s [edi] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() { [[ -n "${WORK}" ]] && rm -rf -- "${WORK}"; }
trap cleanup EXIT

show_status() {
  # --status: what is waiting and what was sent recently, for every partner
  local ini name waiting last
  printf '%-16s %8s %12s %s\n' "partner" "waiting" "last ICN" "last archive"
  for ini in "${PROJECT}"/config/partners/*.ini; do
    [[ -e "${ini}" ]] || continue
    name="$(basename "${ini}" .ini)"
    waiting="$(find "${PROJECT}/outbound/${name}" -maxdepth 1 -name '*.x12' 2>/dev/null | wc -l)"
    last="$(cat "${PROJECT}/state/${name}.control" 2>/dev/null || echo -)"
    local newest
    newest="$(ls -1d "${PROJECT}/archive/${name}"/*/ 2>/dev/null | tail -n 1)"
    newest="${newest%/}"
    printf '%-16s %8s %12s %s\n' "${name}" "${waiting}" "${last}" "${newest##*/}"
  done
}

if [[ "${1:-}" == "--status" ]]; then
  show_status
  exit 0
fi

while (($#)); do
  case "$1" in
    --partner) PARTNER="$2"; shift 2 ;;
    --live) LIVE=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done
[[ "${PARTNER}" =~ ^[a-z0-9_-]+$ ]] || die "--partner must be a simple name"

INI="${PROJECT}/config/partners/${PARTNER}.ini"
[[ -f "${INI}" ]] || die "no partner config ${INI#"${PROJECT}/"}"

ini() {
  # ini KEY [DEFAULT]: first "key = value" line, whitespace trimmed
  local v
  v="$(awk -F'=' -v k="$1" '{ gsub(/^[ \t]+|[ \t]+$/, "", $1) } $1 == k { sub(/^[^=]*=[ \t]*/, ""); print; exit }' "${INI}")"
  printf '%s' "${v:-${2:-}}"
}

HOST="$(ini host)"
USER_NAME="$(ini user)"
REMOTE_DIR="$(ini remote_dir /inbound)"
IDENTITY="${PROJECT}/$(ini identity)"
QUAL="$(ini qualifier ZZ)"
RECEIVER="$(ini receiver_id)"
SENDER="$(awk -F= '/^EDI_SENDER_ID=/{print $2}' "${PROJECT}/.env" 2>/dev/null || true)"

[[ -n "${HOST}" && -n "${USER_NAME}" && -n "${RECEIVER}" ]] || die "host/user/receiver_id missing in ${INI##*/}"
[[ "${HOST}" == *.internal ]] || die "partner host ${HOST} is not on the partner VPN (*.internal)"
[[ -n "${SENDER}" ]] || die "EDI_SENDER_ID missing in .env"
[[ -f "${IDENTITY}" ]] || die "identity file ${IDENTITY#"${PROJECT}/"} missing"

OUTBOUND="${PROJECT}/outbound/${PARTNER}"
ARCHIVE="${PROJECT}/archive/${PARTNER}/$(date +%F)"
shopt -s nullglob
DOCS=("${OUTBOUND}"/*.x12)
((${#DOCS[@]})) || { log "nothing to send for ${PARTNER}"; exit 0; }

WORK="$(mktemp -d)"
CONTROL_FILE="${PROJECT}/state/${PARTNER}.control"
mkdir -p "$(dirname "${CONTROL_FILE}")"
last_control="$(cat "${CONTROL_FILE}" 2>/dev/null || echo 0)"
control=$((10#${last_control} + 1))
ICN="$(printf '%09d' "${control}")"

pad() { printf "%-${2}s" "$1"; }

isa_header() {
  printf 'ISA*00*%s*00*%s*%s*%s*%s*%s*%s*%s*U*00401*%s*0*%s*>~\n' \
    "$(pad '' 10)" "$(pad '' 10)" \
    "${QUAL}" "$(pad "${SENDER}" 15)" "${QUAL}" "$(pad "${RECEIVER}" 15)" \
    "$(date +%y%m%d)" "$(date +%H%M)" "${ICN}" "$([[ ${LIVE} == 1 ]] && echo P || echo T)"
}

check_transaction() {
  # every ST..SE pair must declare the right segment count in SE01
  local file="$1"
  awk -v RS='~' -v f="${file##*/}" '
    /^[[:space:]]*ST\*/ { inside = 1; n = 0 }
    inside { n++ }
    /^[[:space:]]*SE\*/ {
      split($0, a, "*")
      if (a[2] + 0 != n) { printf "%s: SE01=%s but %d segments\n", f, a[2], n; bad = 1 }
      inside = 0
    }
    END { exit bad }
  ' "${file}"
}

BATCH_FILE="${WORK}/interchange_${ICN}.x12"
{
  isa_header
  printf 'GS*PO*%s*%s*%s*%s*%d*X*004010~\n' "${SENDER}" "${RECEIVER}" "$(date +%Y%m%d)" "$(date +%H%M)" "${control}"
} > "${BATCH_FILE}"

count=0
for doc in "${DOCS[@]}"; do
  if ! check_transaction "${doc}"; then
    die "segment count check failed for ${doc##*/}; fix it before sending"
  fi
  tr -d '\r\n' < "${doc}" >> "${BATCH_FILE}"
  printf '\n' >> "${BATCH_FILE}"
  count=$((count + 1))
done
printf 'GE*%d*%d~\nIEA*1*%s~\n' "${count}" "${control}" "${ICN}" >> "${BATCH_FILE}"
log "interchange ${ICN}: ${count} transaction set(s)"

SFTP_BATCH="${WORK}/upload.batch"
cat > "${SFTP_BATCH}" <<EOF
cd ${REMOTE_DIR}
put ${BATCH_FILE} ${BATCH_FILE##*/}.part
rename ${BATCH_FILE##*/}.part ${BATCH_FILE##*/}
ls -l ${BATCH_FILE##*/}
bye
EOF

if ((LIVE == 0)); then
  log "dry run: would upload to ${USER_NAME}@${HOST}:${REMOTE_DIR}"
  sed 's/^/  sftp> /' "${SFTP_BATCH}" >&2
  mkdir -p "${PROJECT}/build"
  cp -- "${BATCH_FILE}" "${PROJECT}/build/"
  log "interchange kept in build/${BATCH_FILE##*/} for inspection"
  exit 0
fi

chmod 600 "${IDENTITY}"
attempt=1
until sftp -q -b "${SFTP_BATCH}" -i "${IDENTITY}" \
    -o BatchMode=yes -o StrictHostKeyChecking=yes \
    -o UserKnownHostsFile="${PROJECT}/config/known_hosts" \
    "${USER_NAME}@${HOST}"; do
  if ((attempt >= 4)); then
    die "upload failed after ${attempt} attempts"
  fi
  log "upload attempt ${attempt} failed; retrying in $((attempt * 15))s"
  sleep $((attempt * 15))
  attempt=$((attempt + 1))
done

echo "${control}" > "${CONTROL_FILE}.tmp" && mv "${CONTROL_FILE}.tmp" "${CONTROL_FILE}"
mkdir -p "${ARCHIVE}"
mv -- "${DOCS[@]}" "${ARCHIVE}/"
cp -- "${BATCH_FILE}" "${ARCHIVE}/"
{
  printf 'icn=%s\n' "${ICN}"
  printf 'documents=%d\n' "${count}"
  printf 'host=%s\n' "${HOST}"
  printf 'sent=%s\n' "$(date -Iseconds)"
} > "${ARCHIVE}/delivery-${ICN}.txt"
log "sent ${count} document(s) to ${PARTNER}; archived under ${ARCHIVE#"${PROJECT}/"}"
