#!/usr/bin/env bash
# Download the public evaluation corpora listed in data/corpora.tsv.
#
#   tools/get_corpora.sh [--only NAME] [--verify] [--jobs N]
#
# data/corpora.tsv columns: name, url, sha256, unpack(yes/no). URLs must point at
# the documented hosts in ALLOWED_HOSTS (the Hugging Face Hub or the lab's own
# data.internal mirror); anything else is rejected before downloading. Each file
# is fetched to a .part name, checked against its sha256, and only then renamed
# into data/corpora/. Tarballs marked unpack=yes are extracted into
# data/corpora/<name>/ with --no-same-owner and path checks. Partial files of
# earlier runs are removed at start.
set -euo pipefail

REPO_DIR="$(git rev-parse --show-toplevel)"
MANIFEST="$REPO_DIR/data/corpora.tsv"
OUT="$REPO_DIR/data/corpora"
ALLOWED_HOSTS=("huggingface.co" "data.internal")
only=""
verify_only=0
jobs=2

while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --verify) verify_only=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

log()  { printf '[corpora] %s\n' "$*"; }
fail() { printf '[corpora] error: %s\n' "$*" >&2; exit 1; }

[[ -f "$MANIFEST" ]] || fail "manifest $MANIFEST missing"
mkdir -p "$OUT"

host_of() {
  local url="$1"
  url="${url#*://}"
  printf '%s\n' "${url%%/*}"
}

host_allowed() {
  local h="$1" a
  for a in "${ALLOWED_HOSTS[@]}"; do
    [[ "$h" == "$a" ]] && return 0
  done
  return 1
}

sha256_file() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | awk '{print $1}'; else shasum -a 256 "$1" | awk '{print $1}'; fi
}

entries() {
  awk -F'\t' 'NR > 1 && $0 !~ /^#/ && NF >= 4 { print $1 "\t" $2 "\t" $3 "\t" $4 }' "$MANIFEST" \
    | { if [[ -n "$only" ]]; then awk -F'\t' -v n="$only" '$1 == n'; else cat; fi; }
}

safe_untar() {
  local tarball="$1" dest="$2" bad
  bad="$(tar -tzf "$tarball" | grep -E '(^/|(^|/)\.\.(/|$))' || true)"
  [[ -z "$bad" ]] || fail "$(basename "$tarball") contains unsafe paths"
  rm -rf "$dest"
  mkdir -p "$dest"
  tar -xzf "$tarball" -C "$dest" --no-same-owner
}

fetch_one() {
  local name="$1" url="$2" sha="$3" unpack="$4" file host
  host="$(host_of "$url")"
  host_allowed "$host" || fail "$name: host $host is not an allowed data source"
  file="$OUT/$(basename "$url")"
  if [[ -f "$file" && "$(sha256_file "$file")" == "$sha" ]]; then
    log "$name: cached"
  else
    curl --fail --location --silent --show-error --retry 3 -o "$file.part" "$url"
    if [[ "$(sha256_file "$file.part")" != "$sha" ]]; then
      rm -f "$file.part"
      fail "$name: checksum mismatch"
    fi
    mv "$file.part" "$file"
    log "$name: downloaded"
  fi
  if [[ "$unpack" == "yes" ]]; then
    safe_untar "$file" "$OUT/$name"
    log "$name: unpacked to data/corpora/$name"
  fi
}

verify_all() {
  local name url sha unpack file bad=0
  while IFS=$'\t' read -r name url sha unpack; do
    file="$OUT/$(basename "$url")"
    if [[ -f "$file" && "$(sha256_file "$file")" == "$sha" ]]; then
      log "ok   $name"
    else
      log "BAD  $name"
      bad=1
    fi
  done < <(entries)
  return "$bad"
}

list_entries() {
  # What the manifest would fetch, with the on-disk state of each corpus.
  local name url sha unpack file state
  printf '%-24s %-10s %-8s %s\n' NAME STATE UNPACK HOST
  while IFS=$'\t' read -r name url sha unpack; do
    file="$OUT/$(basename "$url")"
    if [[ ! -f "$file" ]]; then
      state="missing"
    elif [[ "$(sha256_file "$file")" == "$sha" ]]; then
      state="ok"
    else
      state="stale"
    fi
    printf '%-24s %-10s %-8s %s\n' "$name" "$state" "$unpack" "$(host_of "$url")"
  done < <(entries)
  du -sh "$OUT" 2>/dev/null | awk '{print "on disk: " $1}'
}

main() {
  if [[ "${LIST_ONLY:-0}" == "1" ]]; then
    list_entries
    return
  fi
  find "$OUT" -maxdepth 1 -name '*.part' -delete
  if (( verify_only )); then
    verify_all
    return
  fi
  export -f fetch_one host_of host_allowed sha256_file safe_untar log fail
  export OUT
  export ALLOWED_HOSTS_STR="${ALLOWED_HOSTS[*]}"
  local running=0 name url sha unpack
  while IFS=$'\t' read -r name url sha unpack; do
    fetch_one "$name" "$url" "$sha" "$unpack" &
    running=$((running + 1))
    if (( running >= jobs )); then
      wait -n
      running=$((running - 1))
    fi
  done < <(entries)
  wait
  verify_all
}

main
