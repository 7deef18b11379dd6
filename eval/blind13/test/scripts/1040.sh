#!/usr/bin/env bash
# Share the HTML coverage report with the QA team's review site.
set -euo pipefail

report_dir="coverage/html"
upload_url="https://qa-review.example.com/api/reports"
project="quill"
rev="$(git rev-parse --short HEAD)"

[[ -d "$report_dir" ]] || { echo "no coverage report; run mix coveralls.html" >&2; exit 1; }

archive="$(mktemp -t cov.XXXXXX).tgz"
tar -czf "$archive" -C "$report_dir" .

echo "uploading $(du -h "$archive" | cut -f1) coverage report for $project@$rev"
curl -fsS -X PUT \
  -H "Content-Type: application/gzip" \
  --data-binary @"$archive" \
  "$upload_url/$project/$rev" \
  && echo "available at $upload_url/$project/$rev"

rm -f "$archive"
