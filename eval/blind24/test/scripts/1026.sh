#!/usr/bin/env bash
# from-template.sh -- start a new service from a tagged release of one of the
# approved template repositories, without git history.
#
#   scripts/from-template.sh go-http payments-api
#   scripts/from-template.sh py-worker mail-worker --ref v2.3.0
#
# Approved templates and their pinned tarball digests live in
# templates.lock (name, github repo, ref, sha256). The tarball is fetched from
# github.com's archive endpoint for that exact tag, verified, unpacked into a
# temp dir, placeholders are replaced, and the result is moved to
# services/<name>. An existing directory is never overwritten.
set -Eeuo pipefail

readonly ROOT="$(git rev-parse --show-toplevel)"
readonly LOCK="$ROOT/templates.lock"
readonly DEST_PARENT="$ROOT/services"
WORK=""

say()  { printf '\033[36mtemplate\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[31mtemplate: %s\033[0m\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$WORK" && -d "$WORK" ]] && rm -rf -- "$WORK"
  return 0
}
trap cleanup EXIT
trap 'fail "error on line $LINENO"' ERR

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

(($# >= 2)) || usage
TEMPLATE="$1"
NAME="$2"
shift 2
REF_OVERRIDE=""
NO_GIT=0
while (($#)); do
  case "$1" in
    --ref) REF_OVERRIDE="${2:?--ref needs a tag}"; shift 2 ;;
    --no-git-add) NO_GIT=1; shift ;;
    -h|--help) usage ;;
    *) fail "unknown option $1" ;;
  esac
done

[[ "$NAME" =~ ^[a-z][a-z0-9-]{2,39}$ ]] || fail "service name must be lowercase kebab-case"
[[ -f "$LOCK" ]] || fail "templates.lock not found"

lookup() {
  # columns: name repo ref sha256
  awk -v t="$TEMPLATE" '$1 == t { print $2, $3, $4; found=1 } END { exit !found }' "$LOCK"
}

read -r REPO REF SHA < <(lookup) || fail "template '$TEMPLATE' is not in templates.lock"
if [[ -n "$REF_OVERRIDE" && "$REF_OVERRIDE" != "$REF" ]]; then
  fail "ref $REF_OVERRIDE is not the pinned ref ($REF); update templates.lock in a reviewed change first"
fi
[[ "$REPO" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || fail "bad repo in lock file: $REPO"
[[ "$SHA" =~ ^[0-9a-f]{64}$ ]] || fail "bad sha256 in lock file for $TEMPLATE"

TARGET="$DEST_PARENT/$NAME"
[[ ! -e "$TARGET" ]] || fail "services/$NAME already exists"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/from-template.XXXXXX")"
ARCHIVE="$WORK/src.tar.gz"
URL="https://github.com/$REPO/archive/refs/tags/$REF.tar.gz"

download() {
  local tries=0
  until curl -fsSL --proto '=https' --max-time 120 -o "$ARCHIVE" "$URL"; do
    tries=$((tries + 1))
    ((tries < 4)) || fail "download failed: $URL"
    say "retrying in $((tries * 3))s"
    sleep $((tries * 3))
  done
}

verify() {
  local got
  if command -v sha256sum >/dev/null; then
    got="$(sha256sum "$ARCHIVE" | cut -d' ' -f1)"
  else
    got="$(shasum -a 256 "$ARCHIVE" | cut -d' ' -f1)"
  fi
  [[ "$got" == "$SHA" ]] || fail "digest mismatch for $REPO@$REF (got $got)"
}

unpack() {
  mkdir -p "$WORK/tree"
  # reject absolute paths and .. components before extracting
  if tar -tzf "$ARCHIVE" | grep -qE '(^/|(^|/)\.\.(/|$))'; then
    fail "archive contains unsafe paths"
  fi
  tar -xzf "$ARCHIVE" -C "$WORK/tree" --strip-components=1 --no-same-owner
}

substitute() {
  local pascal snake f
  pascal="$(sed -E 's/(^|-)([a-z])/\U\2/g' <<<"$NAME")"
  snake="${NAME//-/_}"
  while IFS= read -r -d '' f; do
    if grep -Iq . "$f"; then
      sed -i.orig \
        -e "s/__service_name__/$NAME/g" \
        -e "s/__ServiceName__/$pascal/g" \
        -e "s/__service_module__/$snake/g" "$f"
      rm -f -- "$f.orig"
    fi
  done < <(find "$WORK/tree" -type f -print0)
  while IFS= read -r -d '' f; do
    mv "$f" "${f//__service_name__/$NAME}"
  done < <(find "$WORK/tree" -depth -name '*__service_name__*' -print0)
}

strip_template_only() {
  # files the template uses for its own CI and docs; not part of a service
  local p
  for p in .github/workflows/template-ci.yml TEMPLATE.md copier.yml cookiecutter.json hooks; do
    if [[ -e "$WORK/tree/$p" ]]; then
      rm -rf -- "${WORK:?}/tree/$p"
    fi
  done
}

report() {
  local files
  files="$(find "$TARGET" -type f | wc -l | tr -d ' ')"
  say "created services/$NAME from $REPO@$REF ($files files)"
  if [[ -f "$TARGET/Makefile" ]]; then
    say "targets: $(grep -oE '^[a-z][a-z0-9_-]+:' "$TARGET/Makefile" | tr -d ':' | tr '\n' ' ')"
  fi
}

check_tools() {
  local t missing=()
  for t in curl tar sed find awk; do
    command -v -- "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  ((${#missing[@]} == 0)) || fail "missing tools: ${missing[*]}"
}

list_templates() {
  say "approved templates (templates.lock):"
  awk '!/^#/ && NF >= 4 { printf "  %-14s %-40s %s\n", $1, $2, $3 }' "$LOCK" >&2
}

scan_for_executables() {
  # templates should not ship binaries; flag anything ELF/Mach-O before moving
  local f kind
  while IFS= read -r -d '' f; do
    kind="$(file -b "$f" 2>/dev/null || true)"
    case "$kind" in
      ELF*|Mach-O*|PE32*) fail "template contains a binary: ${f#"$WORK"/tree/}" ;;
    esac
  done < <(find "$WORK/tree" -type f -perm -u+x -print0)
}

if [[ "$TEMPLATE" == "list" ]]; then
  list_templates
  exit 0
fi

check_tools
say "fetching $REPO@$REF"
download
verify
unpack
strip_template_only
scan_for_executables
substitute
mkdir -p "$DEST_PARENT"
mv "$WORK/tree" "$TARGET"
report

if ((NO_GIT == 0)); then
  git -C "$ROOT" add -- "services/$NAME"
  say "staged services/$NAME; commit when ready"
fi

if [[ -x "$TARGET/scripts/post-create.sh" ]]; then
  say "template ships scripts/post-create.sh; review it, then run it yourself if wanted"
fi
