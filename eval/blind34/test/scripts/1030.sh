#!/usr/bin/env bash
# tpm-sim-test.sh - exercise our disk-unlock helper against a *simulated* TPM.
#
# Starts swtpm with its state in build/swtpm/, points tpm2-tools at it through
# TPM2TOOLS_TCTI, creates a primary key, seals a test secret to PCR 7/14 of the
# simulator, unseals it again and checks the helper's behaviour when a PCR
# changes.  The real TPM (/dev/tpmrm0) is never used; tpm2_clear, PCR extends
# and the like only run against the simulator socket this script owns.
#
#   scripts/tpm-sim-test.sh
#   KEEP_STATE=1 scripts/tpm-sim-test.sh     # keep build/swtpm for debugging

set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="$ROOT/build/swtpm"
SOCK_PORT=2321
CTRL_PORT=2322
HELPER="$ROOT/target/debug/unlock-helper"
SECRET_FILE="$ROOT/tests/fixtures/tpm-secret.bin"
SWTPM_PID=""
PASSES=0
FAILS=0

log()  { printf '[tpm-sim] %s\n' "$*"; }
die()  { printf '[tpm-sim] FATAL %s\n' "$*" >&2; exit 1; }
pass() { PASSES=$((PASSES + 1)); log "PASS $*"; }
failc() { FAILS=$((FAILS + 1)); log "FAIL $*"; }

for t in swtpm swtpm_setup tpm2_startup tpm2_createprimary tpm2_create tpm2_load tpm2_unseal tpm2_pcrextend; do
  command -v "$t" >/dev/null || die "$t not installed (apt install swtpm swtpm-tools tpm2-tools)"
done
[[ -x "$HELPER" ]] || die "build the helper first: cargo build -p unlock-helper"
[[ -f "$SECRET_FILE" ]] || die "missing $SECRET_FILE"

stop_sim() {
  if [[ -n "$SWTPM_PID" ]] && kill -0 "$SWTPM_PID" 2>/dev/null; then
    kill "$SWTPM_PID"
    wait "$SWTPM_PID" 2>/dev/null || true
  fi
  SWTPM_PID=""
}

cleanup() {
  local rc=$?
  stop_sim
  if [[ -z "${KEEP_STATE:-}" ]]; then
    rm -rf -- "$STATE"
  fi
  exit "$rc"
}
trap cleanup EXIT

# All tpm2-tools calls below go to the simulator, never to the device.
export TPM2TOOLS_TCTI="swtpm:host=127.0.0.1,port=$SOCK_PORT"

start_sim() {
  rm -rf -- "$STATE"
  mkdir -p "$STATE"
  swtpm_setup --tpm2 --tpmstate "$STATE" --createek --create-ek-cert --create-platform-cert \
    --lock-nvram --overwrite >/dev/null
  swtpm socket --tpm2 \
    --tpmstate dir="$STATE" \
    --server type=tcp,port="$SOCK_PORT",bindaddr=127.0.0.1 \
    --ctrl type=tcp,port="$CTRL_PORT",bindaddr=127.0.0.1 \
    --flags not-need-init \
    --log file="$STATE/swtpm.log",level=5 &
  SWTPM_PID=$!
  for _ in $(seq 1 30); do
    if tpm2_startup -c 2>/dev/null; then
      log "simulator up (pid $SWTPM_PID)"
      return 0
    fi
    sleep 0.2
  done
  die "swtpm did not start; see $STATE/swtpm.log"
}

policy_for() {
  local pcrs="$1" out="$2"
  tpm2_startauthsession -S "$STATE/session.ctx"
  tpm2_policypcr -S "$STATE/session.ctx" -l "sha256:$pcrs" -L "$out" >/dev/null
  tpm2_flushcontext "$STATE/session.ctx"
}

seal() {
  local pcrs="$1"
  tpm2_createprimary -C o -g sha256 -G ecc -c "$STATE/primary.ctx" >/dev/null
  policy_for "$pcrs" "$STATE/pcr.policy"
  tpm2_create -C "$STATE/primary.ctx" -L "$STATE/pcr.policy" -i "$SECRET_FILE" \
    -u "$STATE/seal.pub" -r "$STATE/seal.priv" >/dev/null
  tpm2_load -C "$STATE/primary.ctx" -u "$STATE/seal.pub" -r "$STATE/seal.priv" -c "$STATE/seal.ctx" >/dev/null
}

unseal_with_policy() {
  local pcrs="$1"
  tpm2_startauthsession --policy-session -S "$STATE/session.ctx"
  tpm2_policypcr -S "$STATE/session.ctx" -l "sha256:$pcrs" >/dev/null
  local rc=0
  tpm2_unseal -p "session:$STATE/session.ctx" -c "$STATE/seal.ctx" > "$STATE/unsealed.bin" 2>/dev/null || rc=$?
  tpm2_flushcontext "$STATE/session.ctx" || true
  return "$rc"
}

if [[ "${1:-}" == "--help" ]]; then
  cat <<'EOF'
tpm-sim-test.sh - disk-unlock helper tests against swtpm

Environment
  KEEP_STATE=1   keep build/swtpm (simulator state, logs, contexts)

What is covered
  1. seal a fixture secret to sha256 PCR 7 and 14 and unseal it again
  2. the unlock helper reads the same sealed object via the simulator TCTI
  3. after extending PCR 14 the policy no longer matches -> unseal refused
  4. the helper reports that the recovery key is needed (non-interactive)
  5. clearing the *simulator* invalidates the sealed object

The simulator listens on 127.0.0.1:2321 (commands) and :2322 (control).
TPM2TOOLS_TCTI is exported for the whole script so every tpm2-tools call,
including tpm2_clear in case 5, goes to the simulator and not to a real TPM.
EOF
  exit 0
fi

# Guard: refuse to run if the TCTI somehow points at a device node.
case "$TPM2TOOLS_TCTI" in
  swtpm:*) ;;
  *) die "TPM2TOOLS_TCTI is '$TPM2TOOLS_TCTI'; this script only talks to swtpm" ;;
esac

record_versions() {
  {
    echo "swtpm: $(swtpm --version 2>&1 | head -n1)"
    echo "tpm2-tools: $(tpm2_startup --version 2>&1 | head -n1)"
    echo "helper: $("$HELPER" --version 2>/dev/null || echo unknown)"
  } > "$STATE/versions.txt" 2>/dev/null || true
}

# --- tests ------------------------------------------------------------------------
start_sim
record_versions

log "case 1: seal to PCR 7,14 and unseal unchanged"
seal "7,14"
if unseal_with_policy "7,14" && cmp -s "$STATE/unsealed.bin" "$SECRET_FILE"; then
  pass "unseal with unchanged PCRs"
else
  failc "unseal with unchanged PCRs"
fi

log "case 2: helper reads the sealed blob through the simulator"
if "$HELPER" --tcti "$TPM2TOOLS_TCTI" --pub "$STATE/seal.pub" --priv "$STATE/seal.priv" \
     --pcrs 7,14 --out "$STATE/helper.bin" >/dev/null 2>&1 && cmp -s "$STATE/helper.bin" "$SECRET_FILE"; then
  pass "helper unseal"
else
  failc "helper unseal"
fi

log "case 3: extend PCR 14 on the simulator, unseal must now fail"
tpm2_pcrextend "14:sha256=$(printf 'boot-change' | sha256sum | cut -d' ' -f1)"
if unseal_with_policy "7,14"; then
  failc "unseal succeeded after PCR change"
else
  pass "unseal refused after PCR change"
fi

log "case 4: helper falls back to the recovery prompt"
if "$HELPER" --tcti "$TPM2TOOLS_TCTI" --pub "$STATE/seal.pub" --priv "$STATE/seal.priv" \
     --pcrs 7,14 --out "$STATE/helper2.bin" --non-interactive 2>&1 | grep -q 'recovery key required'; then
  pass "helper reports recovery path"
else
  failc "helper recovery message"
fi

log "case 5: simulator reset clears the seal (tpm2_clear on the simulator only)"
tpm2_clear -c p >/dev/null
if tpm2_load -C "$STATE/primary.ctx" -u "$STATE/seal.pub" -r "$STATE/seal.priv" -c "$STATE/seal2.ctx" 2>/dev/null; then
  failc "sealed object still loadable after clear"
else
  pass "sealed object gone after clear"
fi

echo
log "$PASSES passed, $FAILS failed"
(( FAILS == 0 ))
