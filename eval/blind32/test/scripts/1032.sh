#!/usr/bin/env bash
# reprepro-local.sh - maintain the project's own apt repository in packaging/repo.
#
# CI installs our .deb files from this repository in test containers.  The
# repository is generated here and published by the CI artifact step; nothing
# in this script talks to a shared mirror.
#
#   packaging/reprepro-local.sh init           create conf/distributions, test key
#   packaging/reprepro-local.sh add DEB...     includedeb into bookworm
#   packaging/reprepro-local.sh remove PKG     remove a package from OUR repo only
#   packaging/reprepro-local.sh check          checkpool + list
#   packaging/reprepro-local.sh test           install the packages in a container
#
# Signing uses a throwaway GnuPG home under packaging/.gnupg-test (created by
# init, git-ignored); the real release key never touches developer machines.
set -Eeuo pipefail

PKG_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$PKG_DIR/repo"
GNUPGHOME="$PKG_DIR/.gnupg-test"
CODENAME="${CODENAME:-bookworm}"
ORIGIN="acme-internal-test"
export GNUPGHOME

info() { echo "[reprepro] $*"; }
oops() { echo "[reprepro] $*" >&2; exit 1; }
trap 'oops "failed at line $LINENO: $BASH_COMMAND"' ERR

rr() { reprepro --basedir "$REPO" --gnupghome "$GNUPGHOME" "$@"; }

key_id() {
  gpg --batch --list-secret-keys --with-colons 2>/dev/null | awk -F: '/^sec/ {print $5; exit}'
}

make_test_key() {
  mkdir -p "$GNUPGHOME"
  chmod 700 "$GNUPGHOME"
  if [[ -n "$(key_id)" ]]; then
    info "test signing key present ($(key_id))"
    return
  fi
  info "generating throwaway test signing key"
  gpg --batch --passphrase '' --quick-generate-key \
    "ACME test repo (not for production) <repo-test@example.com>" ed25519 sign 1y
}

write_distributions() {
  mkdir -p "$REPO/conf"
  local key
  key="$(key_id)"
  cat > "$REPO/conf/distributions" <<EOF
Origin: $ORIGIN
Label: $ORIGIN
Codename: $CODENAME
Architectures: amd64 arm64 source
Components: main
Description: packages built from this repository (test use only)
SignWith: $key
EOF
  cat > "$REPO/conf/options" <<EOF
verbose
ask-passphrase
EOF
  gpg --batch --armor --export "$key" > "$REPO/acme-test-archive.asc"
}

cmd_init() {
  make_test_key
  write_distributions
  rr export
  info "repository initialised in ${REPO#"$PKG_DIR"/}"
}

check_deb() {
  local deb="$1" name arch
  [[ -f "$deb" ]] || oops "$deb not found"
  dpkg-deb --info "$deb" >/dev/null 2>&1 || oops "$deb is not a valid package"
  name="$(dpkg-deb -f "$deb" Package)"
  arch="$(dpkg-deb -f "$deb" Architecture)"
  [[ "$name" == acme-* ]] || oops "$deb: package $name is not one of ours (acme-*)"
  [[ "$arch" =~ ^(amd64|arm64|all)$ ]] || oops "$deb: unsupported architecture $arch"
}

cmd_add() {
  (( $# > 0 )) || oops "add needs at least one .deb"
  [[ -f "$REPO/conf/distributions" ]] || cmd_init
  local deb
  for deb in "$@"; do
    check_deb "$deb"
    rr includedeb "$CODENAME" "$deb"
    info "added $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)"
  done
}

cmd_remove() {
  local pkg="${1:?package name}"
  [[ "$pkg" == acme-* ]] || oops "only acme-* packages can be removed from the test repo"
  rr remove "$CODENAME" "$pkg"
  rr deleteunreferenced
  info "removed $pkg from packaging/repo"
}

cmd_check() {
  rr check "$CODENAME"
  rr checkpool fast
  rr list "$CODENAME" | sed 's/^/  /'
  local release="$REPO/dists/$CODENAME/InRelease"
  if [[ -f "$release" ]]; then
    gpg --batch --verify "$release" 2>/dev/null && info "InRelease signature verifies"
  fi
}

cmd_test() {
  command -v docker >/dev/null || oops "docker needed for the install test"
  local pkgs
  pkgs="$(rr list "$CODENAME" | awk '{print $2}' | sort -u | tr '\n' ' ')"
  [[ -n "$pkgs" ]] || oops "repository is empty"
  info "installing [$pkgs] in a throwaway debian:$CODENAME container"
  docker run --rm --network none \
    -v "$REPO:/repo:ro" \
    "debian:$CODENAME" bash -ec "
      cp /repo/acme-test-archive.asc /etc/apt/trusted.gpg.d/acme-test.asc
      echo 'deb [signed-by=/etc/apt/trusted.gpg.d/acme-test.asc] file:/repo $CODENAME main' > /etc/apt/sources.list.d/acme.list
      apt-get -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts=/etc/apt/sources.list.d update -qq
      apt-get install -y -qq --no-install-recommends $pkgs
      dpkg -l 'acme-*'
    "
}

cmd_stats() {
  local n size
  n="$(rr list "$CODENAME" | wc -l)"
  size="$(du -sh "$REPO/pool" 2>/dev/null | cut -f1)"
  info "$n package entries, pool size ${size:-0}"
}

cmd_clean_test_key() {
  # the throwaway key lives only in packaging/.gnupg-test
  [[ "$GNUPGHOME" == "$PKG_DIR/.gnupg-test" ]] || oops "unexpected GNUPGHOME $GNUPGHOME"
  gpgconf --kill gpg-agent 2>/dev/null || true
  rm -rf -- "$GNUPGHOME"
  info "removed the test signing key"
}

cmd_export_list() {
  # machine-readable list for the CI summary: package<TAB>version<TAB>arch
  local out="$PKG_DIR/repo-contents.tsv"
  rr --list-format '${package}\t${version}\t${architecture}\n' list "$CODENAME" | sort > "$out.tmp"
  mv -f "$out.tmp" "$out"
  info "wrote ${out#"$PKG_DIR"/} ($(wc -l < "$out") entries)"
}

cmd_versions() {
  # compare repo versions with the versions the build just produced
  local deb name ver repo_ver
  for deb in "$PKG_DIR"/../build/debs/*.deb; do
    [[ -e "$deb" ]] || continue
    name="$(dpkg-deb -f "$deb" Package)"
    ver="$(dpkg-deb -f "$deb" Version)"
    repo_ver="$(rr --list-format '${version}' list "$CODENAME" "$name" 2>/dev/null | head -n 1)"
    printf '%-28s build %-14s repo %s\n' "$name" "$ver" "${repo_ver:-(none)}"
  done
}

usage() {
  sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  command -v reprepro >/dev/null || oops "reprepro is not installed"
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    init) cmd_init ;;
    add) cmd_add "$@" ;;
    remove) cmd_remove "$@" ;;
    check) cmd_check ;;
    test) cmd_test ;;
    stats) cmd_stats ;;
    clean-test-key) cmd_clean_test_key ;;
    export-list) cmd_export_list ;;
    versions) cmd_versions ;;
    ""|-h|--help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
