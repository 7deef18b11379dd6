#!/usr/bin/env bash
# basex-rebuild: (re)build the BaseX databases of the edition from tei/ and
# run the XQuery regression queries against them.
#
#   tools/basex-rebuild.sh                 # rebuild "letters" + "registers", run queries
#   tools/basex-rebuild.sh --db letters    # one database only
#   tools/basex-rebuild.sh --queries-only  # keep databases, just run the queries
#
# The databases live in the project's own BaseX data directory
# (.basex/data, configured in .basex/.basexhome / DBPATH), so rebuilding
# never touches databases of other projects on this machine.  BaseX runs in
# standalone mode (basex -c), no server is started.  Query results are
# compared with the expected outputs in xquery/expected/ and differences are
# written to build/xquery-diff/.
set -Eeuo pipefail

proj="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BASEX_HOME="$proj/.basex"
dbpath="$BASEX_HOME/data"
queries="$proj/xquery/regression"
expected="$proj/xquery/expected"
diffdir="$proj/build/xquery-diff"
only_db=""
queries_only=0
workdir=""

inform() { printf '\033[2m%s\033[0m %s\n' "$(date +%T)" "$*" >&2; }
abort()  { inform "ERROR: $*"; exit 1; }

trap '[[ -n $workdir ]] && rm -rf -- "$workdir"' EXIT

while (( $# )); do
  case "$1" in
    --db) only_db=$2; shift 2 ;;
    --queries-only) queries_only=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) abort "unknown option $1" ;;
  esac
done

command -v basex >/dev/null || abort "basex not installed"
mkdir -p -- "$BASEX_HOME" "$dbpath"
if [[ ! -f $BASEX_HOME/.basexhome ]]; then
  # marks the project dir as BASEX_HOME; DBPATH points at our own data dir
  printf 'DBPATH = %s\nCHOP = false\nSTRIPNS = false\nINTPARSE = true\n' "$dbpath" > "$BASEX_HOME/.basexhome"
  inform "initialised project BaseX home at ${BASEX_HOME#"$proj"/}"
fi

declare -A SOURCES=(
  [letters]="$proj/tei/letters"
  [registers]="$proj/register"
)
declare -A INDEXES=(
  [letters]="SET FTINDEX true; SET TOKENINDEX true"
  [registers]="SET ATTRINDEX true"
)

bx() {
  basex -c "$1"
}

rebuild_db() {
  local name=$1 src=${SOURCES[$1]}
  [[ -d $src ]] || abort "source folder ${src#"$proj"/} missing"
  local files
  files=$(find "$src" -name '*.xml' | wc -l)
  (( files > 0 )) || abort "no XML files in ${src#"$proj"/}"
  inform "building $name from $files file(s)"
  local started=$SECONDS
  bx "${INDEXES[$name]}; SET SKIPCORRUPT false; SET ADDCACHE true; CREATE DB $name $src"
  bx "OPEN $name; OPTIMIZE ALL"
  local docs size
  docs=$(bx "OPEN $name; XQUERY count(db:list('$name'))")
  size=$(bx "XQUERY db:property('$name', 'size')" 2>/dev/null || echo '?')
  inform "$name: $docs documents, $size bytes, $(( SECONDS - started ))s"
  if [[ $docs != "$files" ]]; then
    abort "$name has $docs documents but $files source files (parse errors?)"
  fi
}

run_query() {
  local qfile=$1 name out exp
  name=$(basename -- "$qfile" .xq)
  out="$workdir/$name.out"
  exp="$expected/$name.out"
  if ! basex -q "$(cat "$qfile")" > "$out" 2> "$workdir/$name.err"; then
    inform "query $name failed: $(head -n 1 "$workdir/$name.err")"
    return 1
  fi
  if [[ ! -f $exp ]]; then
    inform "query $name: no expected output yet (see ${out#"$workdir"/})"
    cp -- "$out" "$diffdir/$name.new"
    return 1
  fi
  if ! diff -u "$exp" "$out" > "$diffdir/$name.diff"; then
    inform "query $name: output differs ($(grep -c '^[-+][^-+]' "$diffdir/$name.diff") changed lines)"
    return 1
  fi
  rm -f -- "$diffdir/$name.diff"
  return 0
}

check_wellformed() {
  # refuse to build from sources that are not well-formed; BaseX would stop
  # half-way and leave an incomplete database
  local src=$1 bad=0 f
  while IFS= read -r -d '' f; do
    if ! xmllint --noout --nonet "$f" 2>/dev/null; then
      inform "not well-formed: ${f#"$proj"/}"
      bad=$((bad + 1))
    fi
  done < <(find "$src" -name '*.xml' -print0)
  return $(( bad > 0 ))
}

workdir=$(mktemp -d)
mkdir -p -- "$diffdir"

if (( ! queries_only )) && command -v xmllint >/dev/null; then
  for db in "${!SOURCES[@]}"; do
    [[ -z $only_db || $only_db == "$db" ]] || continue
    check_wellformed "${SOURCES[$db]}" || abort "fix the files above before rebuilding $db"
  done
fi

if (( ! queries_only )); then
  if [[ -n $only_db ]]; then
    [[ -n ${SOURCES[$only_db]:-} ]] || abort "unknown database $only_db (known: ${!SOURCES[*]})"
    rebuild_db "$only_db"
  else
    for db in "${!SOURCES[@]}"; do
      rebuild_db "$db"
    done
  fi
fi

shopt -s nullglob
qfiles=("$queries"/*.xq)
(( ${#qfiles[@]} )) || { inform "no regression queries"; exit 0; }

passed=0
failed=0
for q in "${qfiles[@]}"; do
  if run_query "$q"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done

# summary of the current databases
{
  echo "# BaseX databases ($(date '+%F %H:%M'))"
  echo
  bx "LIST" | sed 's/^/    /'
  echo
  echo "regression queries: $passed passed, $failed failed"
} > "$proj/build/basex-status.md"

inform "$passed passed, $failed failed; diffs in ${diffdir#"$proj"/}"

# remove stale diff files of queries that no longer exist
for d in "$diffdir"/*.diff "$diffdir"/*.new; do
  n=$(basename -- "$d")
  n=${n%.*}
  [[ -f $queries/$n.xq ]] || rm -f -- "$d"
done

# offer the command to accept new outputs, never do it automatically
if (( failed > 0 )); then
  inform "to accept the new outputs after review:"
  inform "  for f in build/xquery-diff/*.new; do mv \"\$f\" xquery/expected/\$(basename \"\${f%.new}\").out; done"
fi

# export a compressed snapshot of the letters database for the web team
if [[ -z $only_db || $only_db == letters ]] && (( ! queries_only )); then
  snap="$proj/build/letters-db-$(date +%Y%m%d).zip"
  bx "EXPORT $workdir/export" >/dev/null 2>&1 || true
  bx "OPEN letters; EXPORT $workdir/export" >/dev/null
  ( cd "$workdir/export" && zip -qr "$snap" . )
  inform "snapshot ${snap#"$proj"/} ($(du -h -- "$snap" | cut -f1))"
fi

(( failed == 0 ))
