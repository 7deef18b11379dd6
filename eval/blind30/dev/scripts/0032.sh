#!/usr/bin/env bash
# Add the release artefacts of this project to IPFS and pin them.
#
#   tools/ipfs_release.sh v2.3.0              # add + pin dist/ for the tag, no IPNS update
#   tools/ipfs_release.sh v2.3.0 --publish    # also point /ipns/<project key> at it
#   tools/ipfs_release.sh --unpin-old 3       # keep only the last 3 release pins
#
# Artefacts are public (they are the same files attached to the GitHub release). The
# script still refuses to add anything outside dist/ or anything that looks like a
# secret, because IPFS content cannot be taken back once other nodes fetched it.
set -euo pipefail

repo="$(git rev-parse --show-toplevel)"
dist="$repo/dist"
ledger="$repo/release/ipfs-pins.tsv"
api="/ip4/127.0.0.1/tcp/5001"
ipns_key="${IPFS_RELEASE_KEY:-project-releases}"
publish=0
unpin_keep=""
tag=""
staging=""

log() { printf '[ipfs-release] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
cleanup() { [[ -n "$staging" && -d "$staging" ]] && rm -rf -- "$staging"; }
trap cleanup EXIT

while [[ $# -gt 0 ]]; do
  case "$1" in
    --publish) publish=1 ;;
    --unpin-old) unpin_keep="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    v[0-9]*) tag="$1" ;;
    *) die "unexpected argument $1" ;;
  esac
  shift
done

ipfs_cmd() { ipfs --api "$api" "$@"; }

daemon_check() {
  if ! ipfs_cmd id -f '<id>' >/dev/null 2>&1; then
    die "no IPFS daemon on 127.0.0.1:5001 (start one with: ipfs daemon --init)"
  fi
  log "daemon $(ipfs_cmd id -f '<id>' | cut -c1-16)..."
}

unpin_old() {
  local keep=$1
  [[ "$keep" =~ ^[0-9]+$ ]] || die "--unpin-old needs a number"
  [[ -f "$ledger" ]] || { log "no ledger, nothing to unpin"; return; }
  local total
  total="$(wc -l < "$ledger")"
  (( total > keep )) || { log "only $total release pin(s), keeping all"; return; }
  # ledger lines: <tag>\t<cid>\t<date>; only CIDs we pinned ourselves are listed there
  head -n $(( total - keep )) "$ledger" | while IFS=$'\t' read -r old_tag cid _; do
    log "unpinning $old_tag ($cid)"
    ipfs_cmd pin rm "$cid" >/dev/null 2>&1 || log "  $cid was not pinned"
  done
  tail -n "$keep" "$ledger" > "$ledger.tmp" && mv -f "$ledger.tmp" "$ledger"
  log "running repo gc for the unpinned blocks"
  ipfs_cmd repo gc --quiet >/dev/null
}

audit_dist() {
  local bad=()
  while IFS= read -r -d '' f; do
    case "$(basename "$f")" in
      .*|*.pem|*.key|*.p12|*.env|id_rsa*|id_ed25519*|*.kdbx|*secret*|*credentials*)
        bad+=("${f#$dist/}") ;;
    esac
  done < <(find "$dist" -print0)
  if (( ${#bad[@]} )); then
    printf '  %s\n' "${bad[@]}" >&2
    die "refusing to publish; the files above must not go to IPFS"
  fi
  # Only files that the release manifest lists may be published.
  local manifest="$dist/SHA256SUMS"
  [[ -f "$manifest" ]] || die "dist/SHA256SUMS missing; run make dist"
  (cd "$dist" && sha256sum --quiet -c SHA256SUMS) || die "checksum mismatch in dist/"
}

stage_release() {
  staging="$(mktemp -d)"
  local dir="$staging/$tag"
  mkdir -p "$dir"
  # copy exactly the files named in the manifest plus the manifest itself
  while read -r _ file; do
    file="${file#\*}"
    cp -p "$dist/$file" "$dir/"
  done < "$dist/SHA256SUMS"
  cp -p "$dist/SHA256SUMS" "$dir/"
  if [[ -f "$dist/SHA256SUMS.asc" ]]; then
    cp -p "$dist/SHA256SUMS.asc" "$dir/"
  fi
  printf '%s\n' "$dir"
}

add_and_pin() {
  local dir=$1 cid
  cid="$(ipfs_cmd add -r -Q --cid-version 1 --raw-leaves "$dir")"
  ipfs_cmd pin add --progress=false "$cid" >/dev/null
  mkdir -p "$(dirname "$ledger")"
  printf '%s\t%s\t%s\n' "$tag" "$cid" "$(date -u +%FT%TZ)" >> "$ledger"
  printf '%s\n' "$cid"
}

verify_cid() {
  local cid=$1 file want got
  while read -r want file; do
    file="${file#\*}"
    got="$(ipfs_cmd cat "/ipfs/$cid/$file" | sha256sum | cut -d' ' -f1)"
    [[ "$got" == "$want" ]] || die "verification failed for $file"
  done < "$dist/SHA256SUMS"
  log "verified $(wc -l < "$dist/SHA256SUMS") file(s) through the daemon"
}

publish_ipns() {
  local cid=$1
  if ! ipfs_cmd key list | grep -qx "$ipns_key"; then
    die "IPNS key '$ipns_key' not found; the release manager creates it once"
  fi
  log "publishing /ipfs/$cid under key $ipns_key (this can take a minute)"
  ipfs_cmd name publish --key="$ipns_key" --lifetime=168h "/ipfs/$cid"
}

release_notes() {
  local cid=$1 notes="$repo/release/notes-$tag.md"
  [[ -f "$notes" ]] || return 0
  if ! grep -q "$cid" "$notes"; then
    {
      printf '\n## IPFS\n\n'
      printf -- '- CID: `%s`\n' "$cid"
      printf -- '- Gateway: https://ipfs.io/ipfs/%s/\n' "$cid"
    } >> "$notes"
    log "added IPFS section to ${notes#$repo/}"
  fi
}

list_pins() {
  # Show what this project has pinned, with the pin state reported by the daemon.
  [[ -f "$ledger" ]] || { log "no releases pinned yet"; return; }
  printf '%-12s %-62s %-20s %s\n' TAG CID DATE STATE
  local t c d state
  while IFS=$'\t' read -r t c d; do
    if ipfs_cmd pin ls --type=recursive "$c" >/dev/null 2>&1; then
      state=pinned
    else
      state=missing
    fi
    printf '%-12s %-62s %-20s %s\n' "$t" "$c" "$d" "$state"
  done < "$ledger"
}

repo_stats() {
  local size objects
  size="$(ipfs_cmd repo stat --human 2>/dev/null | awk '/RepoSize/ {print $2, $3}')"
  objects="$(ipfs_cmd repo stat 2>/dev/null | awk '/NumObjects/ {print $2}')"
  log "local repo: ${size:-?} in ${objects:-?} objects"
}

if [[ "$tag" == "" && "$unpin_keep" == "" ]]; then
  daemon_check
  list_pins
  repo_stats
  exit 0
fi

daemon_check
if [[ -n "$unpin_keep" ]]; then
  unpin_old "$unpin_keep"
  [[ -z "$tag" ]] && exit 0
fi
[[ -n "$tag" ]] || die "tag required (e.g. v2.3.0)"
git -C "$repo" rev-parse -q --verify "refs/tags/$tag" >/dev/null || die "tag $tag does not exist"
[[ -d "$dist" ]] || die "dist/ missing"

audit_dist
dir="$(stage_release)"
cid="$(add_and_pin "$dir")"
log "added and pinned $tag as $cid"
verify_cid "$cid"
release_notes "$cid"
if (( publish )); then
  publish_ipns "$cid"
else
  log "IPNS unchanged (use --publish for the final release)"
fi
printf '%s\n' "$cid"
