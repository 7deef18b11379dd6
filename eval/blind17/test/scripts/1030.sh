#!/usr/bin/env bash
# packaging/rpm/build.sh — build, sign and publish the RPMs of `tallyd`.
#
#   packaging/rpm/build.sh               rpmbuild -ba into build/rpm, rpmlint
#   packaging/rpm/build.sh --sign        rpm --addsign with the key in RPM_GPG_NAME
#   packaging/rpm/build.sh --repo        createrepo_c metadata under build/repo
#   packaging/rpm/build.sh --publish     upload RPMs + repo metadata to the GitHub
#                                        release of the current tag (GH_TOKEN)
#
# The topdir is always inside the checkout; ~/.rpmmacros is not modified — the
# signing macros are passed with --define for this invocation only.
set -euo pipefail

TOP="$(git rev-parse --show-toplevel)"
SPEC="$TOP/packaging/rpm/tallyd.spec"
TOPDIR="$TOP/build/rpm"
REPO="$TOP/build/repo"
GITHUB_API="https://api.github.com"
GITHUB_UPLOADS="https://uploads.github.com"
SIGN=0; MAKE_REPO=0; PUBLISH=0

for a in "$@"; do
  case "$a" in
    --sign) SIGN=1 ;;
    --repo) MAKE_REPO=1 ;;
    --publish) PUBLISH=1; MAKE_REPO=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown flag $a" >&2; exit 2 ;;
  esac
done

msg() { printf '\n\033[1m%s\033[0m\n' "$*"; }

# tools this script needs beyond rpmbuild; fail early with a clear message
for tool in git sha256sum jq; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "build.sh: missing $tool" >&2
    exit 1
  fi
done
unset tool
die() { echo "build.sh: $*" >&2; exit 1; }

VERSION="$(git -C "$TOP" describe --tags --abbrev=0 2>/dev/null | sed 's/^v//')"
[[ -n "$VERSION" ]] || die "no tag found"
COMMITS="$(git -C "$TOP" rev-list --count "v$VERSION"..HEAD)"
RELEASE="$(( COMMITS + 1 ))"

prepare_tree() {
  msg "preparing $TOPDIR (version $VERSION-$RELEASE)"
  rm -rf -- "$TOPDIR"
  mkdir -p "$TOPDIR"/{BUILD,RPMS,SOURCES,SPECS,SRPMS}
  git -C "$TOP" archive --format=tar.gz --prefix="tallyd-$VERSION/" -o "$TOPDIR/SOURCES/tallyd-$VERSION.tar.gz" HEAD
  cp "$TOP"/packaging/rpm/tallyd.service "$TOP"/packaging/rpm/tallyd.sysusers "$TOPDIR/SOURCES/"
  sed -e "s/@VERSION@/$VERSION/" -e "s/@RELEASE@/$RELEASE/" "$SPEC" >"$TOPDIR/SPECS/tallyd.spec"
}

build() {
  msg "rpmbuild"
  rpmbuild -ba "$TOPDIR/SPECS/tallyd.spec" \
    --define "_topdir $TOPDIR" \
    --define "_build_id_links none" 2>&1 | tail -n 25
}

lint() {
  msg "rpmlint"
  if command -v rpmlint >/dev/null; then
    rpmlint "$TOPDIR"/RPMS/*/*.rpm "$TOPDIR"/SRPMS/*.rpm || true
  else
    echo "rpmlint not installed"
  fi
}

sign() {
  msg "signing"
  [[ -n "${RPM_GPG_NAME:-}" ]] || die "--sign needs RPM_GPG_NAME (the key's uid or id)"
  local rpm
  for rpm in "$TOPDIR"/RPMS/*/*.rpm "$TOPDIR"/SRPMS/*.rpm; do
    rpm --define "_gpg_name $RPM_GPG_NAME" --define "__gpg /usr/bin/gpg" --addsign "$rpm" >/dev/null
    rpm -K "$rpm" | sed 's/^/  /'
  done
}

make_repo() {
  msg "repository metadata"
  rm -rf -- "$REPO"
  mkdir -p "$REPO"
  cp "$TOPDIR"/RPMS/*/*.rpm "$REPO/"
  createrepo_c --quiet "$REPO"
  if [[ "$SIGN" == 1 ]]; then
    gpg --batch --yes --local-user "$RPM_GPG_NAME" --detach-sign --armor "$REPO/repodata/repomd.xml"
  fi
  ls -1 "$REPO"
}

checksums() {
  (cd "$TOPDIR" && sha256sum RPMS/*/*.rpm SRPMS/*.rpm | sed 's#RPMS/[^/]*/##; s#SRPMS/##' >"$TOP/build/SHA256SUMS")
  cat "$TOP/build/SHA256SUMS"
}

gh() {
  curl -fsS -H "Authorization: Bearer ${GH_TOKEN}" -H "Accept: application/vnd.github+json" "$@"
}

publish() {
  msg "publishing to GitHub release v$VERSION"
  [[ -n "${GH_TOKEN:-}" ]] || die "--publish needs GH_TOKEN"
  [[ -z "$(git -C "$TOP" status --porcelain)" ]] || die "dirty tree"
  local slug id f
  slug="$(git -C "$TOP" remote get-url origin | sed -E 's#.*github\.com[:/]##; s#\.git$##')"
  id="$(gh "$GITHUB_API/repos/$slug/releases/tags/v$VERSION" | jq -r .id)"
  [[ "$id" =~ ^[0-9]+$ ]] || die "release v$VERSION not found"
  for f in "$TOPDIR"/RPMS/*/*.rpm "$TOPDIR"/SRPMS/*.rpm "$TOP/build/SHA256SUMS"; do
    gh -X POST -H "Content-Type: application/octet-stream" --data-binary "@$f" \
      "$GITHUB_UPLOADS/repos/$slug/releases/$id/assets?name=$(basename "$f")" >/dev/null
    echo "  uploaded $(basename "$f")"
  done
  (cd "$REPO" && tar czf "$TOP/build/repo-$VERSION.tar.gz" .)
  gh -X POST -H "Content-Type: application/gzip" --data-binary "@$TOP/build/repo-$VERSION.tar.gz" \
    "$GITHUB_UPLOADS/repos/$slug/releases/$id/assets?name=repo-$VERSION.tar.gz" >/dev/null
  echo "  uploaded repo-$VERSION.tar.gz"
}

smoke() {
  # install into a throwaway Fedora container to check dependencies resolve
  command -v podman >/dev/null || command -v docker >/dev/null || return 0
  local engine rpm
  engine="$(command -v podman || command -v docker)"
  rpm="$(ls -1 "$TOPDIR"/RPMS/x86_64/tallyd-*.rpm | head -n 1)"
  msg "install test ($(basename "$engine"))"
  "$engine" run --rm -v "$TOPDIR/RPMS:/rpms:ro,Z" docker.io/library/fedora:40 \
    bash -c "dnf -q -y install /rpms/x86_64/$(basename "$rpm") && tallyd --version"
}

changelog_check() {
  # the spec %changelog must mention the version being built
  if ! grep -q -- "- $VERSION-" "$SPEC"; then
    echo "warning: packaging/rpm/tallyd.spec %changelog has no entry for $VERSION" >&2
  fi
}

list_contents() {
  msg "package contents"
  local rpm
  for rpm in "$TOPDIR"/RPMS/*/*.rpm; do
    echo "$(basename "$rpm"):"
    rpm -qlp "$rpm" | sed 's/^/  /'
    rpm -qp --requires "$rpm" | grep -v '^rpmlib(' | sed 's/^/  requires /'
  done
}

verify_signatures() {
  # when signing was requested every package must carry a valid signature
  [[ "$SIGN" == 1 ]] || return 0
  local rpm bad=0
  for rpm in "$TOPDIR"/RPMS/*/*.rpm; do
    if ! rpm -K "$rpm" | grep -q 'signatures OK\|digests signatures OK'; then
      echo "unsigned or bad signature: $(basename "$rpm")" >&2
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) || die "$bad package(s) failed signature verification"
}

main() {
  command -v rpmbuild >/dev/null || die "rpmbuild missing (dnf install rpm-build)"
  changelog_check
  prepare_tree
  build
  lint
  [[ "$SIGN" == 1 ]] && sign
  verify_signatures
  list_contents
  [[ "$MAKE_REPO" == 1 ]] && make_repo
  checksums
  smoke
  [[ "$PUBLISH" == 1 ]] && publish
  msg "done"
}

main
