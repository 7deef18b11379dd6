#!/usr/bin/env bash
# search-relevance.sh — regression test for the archive's search queries.
#
# Builds a private Maildir + notmuch database under build/search-corpus/ from
# the .eml fixtures, applies the project's tag rules to that private database,
# runs every query in test/search/queries.tsv and compares the matching
# message ids with test/search/expected/<query-name>.txt.
#
# Everything notmuch does here goes through NOTMUCH_CONFIG pointing at a
# config file inside build/, so the user's own notmuch database and tags are
# never touched, even though the commands (notmuch new / tag / compact) are
# the same ones you would run on real mail.
#
#   tools/search-relevance.sh            # run the comparison
#   tools/search-relevance.sh --update   # accept current results as expected

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CORPUS_SRC="${ROOT}/test/fixtures/eml"
QUERIES="${ROOT}/test/search/queries.tsv"
EXPECTED="${ROOT}/test/search/expected"
RULES="${ROOT}/config/notmuch-tags.txt"
WORK="${ROOT}/build/search-corpus"
MAILDIR="${WORK}/Maildir"
export NOTMUCH_CONFIG="${WORK}/notmuch-config"
UPDATE=0

out() { printf '%s\n' "$*"; }
err() { printf 'search-relevance: %s\n' "$*" >&2; }

[[ "${1:-}" == "--update" ]] && UPDATE=1
command -v notmuch >/dev/null || { err "notmuch is required"; exit 2; }
[[ -d "${CORPUS_SRC}" ]] || { err "no fixtures in ${CORPUS_SRC#"${ROOT}/"}"; exit 2; }

reset_work() {
  case "${WORK}" in
    "${ROOT}"/build/*) rm -rf -- "${WORK}" ;;
    *) err "refusing to remove ${WORK}"; exit 2 ;;
  esac
  mkdir -p "${MAILDIR}"/{cur,new,tmp}
}

write_config() {
  cat > "${NOTMUCH_CONFIG}" <<EOF
[database]
path=${MAILDIR}

[user]
name=Archive Tests
primary_email=archive-tests@mail.test

[new]
tags=new;
ignore=.mbsyncstate;.uidvalidity

[search]
exclude_tags=deleted;spam;

[maildir]
synchronize_flags=false
EOF
}

load_corpus() {
  local f n=0 host
  host="$(hostname -s)"
  for f in "${CORPUS_SRC}"/*.eml; do
    n=$(( n + 1 ))
    # Maildir unique name: time.sequence.host, with the ",S" flag for "seen"
    cp "${f}" "${MAILDIR}/cur/$(date +%s).${n}.${host}:2,S"
  done
  out "loaded ${n} fixture messages"
}

index() {
  notmuch new --quiet
  if [[ -f "${RULES}" ]]; then
    notmuch tag --batch --input="${RULES}"
  fi
  notmuch tag -new -- tag:new
  notmuch compact --quiet >/dev/null 2>&1 || true
  out "indexed $(notmuch count '*') messages, $(notmuch count --output=threads '*') threads"
}

results_for() {
  notmuch search --output=messages --sort=oldest-first "$1" | sed 's/^id://' | sort
}

compare_query() {
  local name="$1" query="$2" exp="${EXPECTED}/${name}.txt" tmp
  tmp="$(mktemp)"
  results_for "${query}" > "${tmp}"
  if (( UPDATE )); then
    mkdir -p "${EXPECTED}"
    mv "${tmp}" "${exp}"
    out "  updated ${name} ($(wc -l < "${exp}") results)"
    return 0
  fi
  if [[ ! -f "${exp}" ]]; then
    out "  MISSING ${name}: no expected file (run with --update)"
    rm -f "${tmp}"
    return 1
  fi
  if diff -q "${exp}" "${tmp}" >/dev/null; then
    out "  ok      ${name} ($(wc -l < "${tmp}") results)"
    rm -f "${tmp}"
    return 0
  fi
  local missing extra
  missing=$(comm -23 "${exp}" "${tmp}" | wc -l)
  extra=$(comm -13 "${exp}" "${tmp}" | wc -l)
  out "  DIFF    ${name}: ${missing} missing, ${extra} unexpected"
  comm -3 "${exp}" "${tmp}" | head -n 10 | sed 's/^/          /'
  rm -f "${tmp}"
  return 1
}

tag_stats() {
  out "tags in the private database:"
  notmuch search --output=tags '*' | while read -r t; do
    printf '  %-20s %6d\n' "${t}" "$(notmuch count "tag:${t}")"
  done
}

check_fixtures() {
  # every fixture needs a Message-ID, or expected files cannot refer to it
  local f missing=0
  for f in "${CORPUS_SRC}"/*.eml; do
    if ! grep -qi '^message-id:' "${f}"; then
      err "no Message-ID in $(basename "${f}")"
      missing=$(( missing + 1 ))
    fi
  done
  (( missing == 0 )) || { err "${missing} fixture(s) without Message-ID"; exit 2; }
}

check_queries() {
  # query names become file names; keep them simple
  local name bad=0
  while IFS=$'\t' read -r name _; do
    [[ -z "${name}" || "${name}" == \#* ]] && continue
    if [[ ! "${name}" =~ ^[a-z0-9_-]+$ ]]; then
      err "bad query name '${name}' in queries.tsv"
      bad=$(( bad + 1 ))
    fi
  done < "${QUERIES}"
  (( bad == 0 )) || exit 2
}

orphan_expectations() {
  # expected files whose query was removed from queries.tsv
  local f name
  for f in "${EXPECTED}"/*.txt; do
    [[ -e "${f}" ]] || continue
    name="$(basename "${f}" .txt)"
    if ! cut -f1 "${QUERIES}" | grep -qx "${name}"; then
      out "note: ${f#"${ROOT}/"} has no query any more"
    fi
  done
}

main() {
  check_fixtures
  check_queries
  reset_work
  write_config
  load_corpus
  index
  tag_stats
  local name query failures=0 total=0
  while IFS=$'\t' read -r name query; do
    [[ -z "${name}" || "${name}" == \#* ]] && continue
    total=$(( total + 1 ))
    compare_query "${name}" "${query}" || failures=$(( failures + 1 ))
  done < "${QUERIES}"
  orphan_expectations
  out "${total} queries, ${failures} failing"
  (( failures == 0 ))
}

main
