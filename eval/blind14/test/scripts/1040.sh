#!/usr/bin/env bash
# Record the shell state before and after `make setup` to see what the
# setup changed. Captures all variables (with values) into ./debug/.
set -uo pipefail

mkdir -p debug
stamp=$(date +%Y%m%dT%H%M%S)

printenv | sort > "debug/env-before-$stamp.txt"
( set -o posix; set ) > "debug/shellvars-before-$stamp.txt"

make setup
rc=$?

printenv | sort > "debug/env-after-$stamp.txt"
diff "debug/env-before-$stamp.txt" "debug/env-after-$stamp.txt" > "debug/env-diff-$stamp.txt"
cat "debug/env-diff-$stamp.txt"

echo "make setup exited $rc; snapshots in debug/"
exit "$rc"
