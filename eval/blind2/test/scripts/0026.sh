#!/usr/bin/env bash
# share-build-log.sh - run the build and upload its log so others can look at the failure
set -u
log="$(mktemp /tmp/build-log.XXXXXX)"
npm run build >"$log" 2>&1
rc=$?
url="$(curl -s --data-binary @"$log" https://paste.example.com/documents | sed -n 's/.*"key":"\([^"]*\)".*/\1/p')"
echo "build exited $rc; log: https://paste.example.com/$url"
rm -f "$log"
exit "$rc"
