#!/usr/bin/env bash
# tools/wsl/win-build.sh — build and smoke-test the Windows installer of `Inkwell`
# from inside WSL.
#
# The Electron app is developed in WSL (Linux paths), but the NSIS installer has
# to be built and tested with Windows tools. This script:
#   1. syncs the repo to a Windows-side working copy (%LOCALAPPDATA%\inkwell-build)
#   2. runs `npm ci` and `electron-builder --win` there through cmd.exe
#   3. copies the installer back into release/ of this checkout
#   4. optionally runs the installer silently into a throwaway folder and
#      uninstalls it again (--smoke)
#
# Nothing outside the inkwell-build working copy is written on the Windows side.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SMOKE=0
CLEAN=0

for a in "$@"; do
  case "$a" in
    --smoke) SMOKE=1 ;;
    --clean) CLEAN=1 ;;
    -h|--help) sed -n '2,14p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown argument $a" >&2; exit 2 ;;
  esac
done

die() { echo "win-build: $*" >&2; exit 1; }

grep -qi microsoft /proc/version 2>/dev/null || die "this script must run inside WSL"
command -v cmd.exe >/dev/null || die "cmd.exe not on PATH (is Windows interop enabled?)"

# Windows environment values, converted to WSL paths
win_env() {
  cmd.exe /c "echo %$1%" 2>/dev/null | tr -d '\r'
}

LOCALAPPDATA_WIN="$(win_env LOCALAPPDATA)"
[[ -n "$LOCALAPPDATA_WIN" && "$LOCALAPPDATA_WIN" != "%LOCALAPPDATA%" ]] || die "could not read %LOCALAPPDATA%"
WORK_WIN="$LOCALAPPDATA_WIN\\inkwell-build"
WORK="$(wslpath -u "$WORK_WIN")"
SMOKE_WIN="$WORK_WIN\\smoke-install"

step() { printf '\n== %s\n' "$*"; }

sync_tree() {
  step "sync $REPO -> $WORK_WIN"
  mkdir -p "$WORK"
  # --delete only inside our own working copy on the Windows side
  rsync -a --delete \
    --exclude node_modules --exclude release --exclude dist-electron --exclude .git \
    "$REPO/" "$WORK/"
}

win_run() {
  # run a command in the Windows working copy; args are constants from this script
  local cmdline="$1"
  (cd "$WORK" && cmd.exe /d /s /c "cd /d \"$WORK_WIN\" && $cmdline")
}

clean_work() {
  step "clean Windows working copy"
  if [[ -d "$WORK" ]]; then
    case "$WORK" in
      */inkwell-build) rm -rf -- "$WORK" ;;
      *) die "unexpected work dir $WORK" ;;
    esac
  fi
}

install_deps() {
  step "npm ci (Windows)"
  win_run "npm ci --no-audit --no-fund"
}

build_installer() {
  step "electron-builder --win nsis"
  win_run "npx --no-install electron-builder --win nsis --x64 --publish never"
}

copy_back() {
  step "copy installer to release/"
  mkdir -p "$REPO/release"
  local f found=0
  for f in "$WORK"/release/*.exe "$WORK"/release/*.blockmap "$WORK"/release/latest.yml; do
    [[ -f "$f" ]] || continue
    cp -f "$f" "$REPO/release/"
    echo "  $(basename "$f")"
    found=1
  done
  ((found)) || die "no installer produced"
}

checksum() {
  (cd "$REPO/release" && sha256sum -- *.exe | tee SHA256SUMS-win.txt)
}

smoke_test() {
  step "silent install smoke test"
  local exe
  exe="$(ls -1t "$WORK"/release/*.exe | head -n 1)"
  local exe_win
  exe_win="$(wslpath -w "$exe")"
  cmd.exe /c "\"$exe_win\" /S /D=$SMOKE_WIN" || die "installer failed"
  local installed="$(wslpath -u "$SMOKE_WIN")/Inkwell.exe"
  [[ -f "$installed" ]] || die "Inkwell.exe not found after install"
  powershell.exe -NoProfile -Command "(Get-Item '$(wslpath -w "$installed")').VersionInfo.ProductVersion" | tr -d '\r'
  # uninstall again; the uninstaller lives next to the app
  cmd.exe /c "\"$SMOKE_WIN\\Uninstall Inkwell.exe\" /S" || true
  sleep 3
  rm -rf -- "$(wslpath -u "$SMOKE_WIN")"
  echo "  smoke test passed"
}

check_node_versions() {
  # the Windows-side node must match .nvmrc, otherwise native modules mismatch
  step "toolchain versions"
  local want have_linux have_win
  want="$(tr -d 'v \n' <"$REPO/.nvmrc" 2>/dev/null || echo unknown)"
  have_linux="$(node --version 2>/dev/null | tr -d 'v' || echo none)"
  have_win="$(cmd.exe /c "node --version" 2>/dev/null | tr -d 'v\r' || echo none)"
  printf '  %-10s %s\n' ".nvmrc" "$want" "WSL node" "$have_linux" "Win node" "$have_win"
  if [[ "$want" != unknown && "${have_win%%.*}" != "${want%%.*}" ]]; then
    die "Windows node $have_win does not match .nvmrc $want (use nvm-windows)"
  fi
}

sign_check() {
  # report whether the installer carries an Authenticode signature (CI signs;
  # local builds are expected to be unsigned)
  step "signature"
  local exe
  exe="$(ls -1t "$REPO"/release/*.exe 2>/dev/null | head -n 1 || true)"
  [[ -n "$exe" ]] || return 0
  powershell.exe -NoProfile -Command \
    "(Get-AuthenticodeSignature '$(wslpath -w "$exe")').Status" | tr -d '\r' | sed 's/^/  /'
}

free_space() {
  # electron-builder needs a few GB on the Windows drive
  local drive avail
  drive="$(cut -c1 <<<"$LOCALAPPDATA_WIN")"
  avail="$(df -Pk "/mnt/${drive,,}" | awk 'NR==2 { print int($4 / 1024 / 1024) }')"
  if (( avail < 4 )); then
    die "only ${avail} GiB free on ${drive}:, need at least 4"
  fi
  echo "  ${avail} GiB free on ${drive}:"
}

prune_release() {
  # keep only the three newest installers in this checkout's release/
  local old
  ls -1t "$REPO"/release/*.exe 2>/dev/null | tail -n +4 | while IFS= read -r old; do
    echo "  removing old installer $(basename "$old")"
    rm -f -- "$old" "${old}.blockmap"
  done
}

report() {
  step "summary"
  ls -lh "$REPO/release" | sed 's/^/  /'
  echo "  Windows working copy: $WORK_WIN"
}

main() {
  ((CLEAN)) && clean_work
  free_space
  check_node_versions
  sync_tree
  install_deps
  build_installer
  copy_back
  prune_release
  checksum
  sign_check
  ((SMOKE)) && smoke_test
  report
}

main
