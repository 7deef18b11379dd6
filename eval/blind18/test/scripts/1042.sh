#!/usr/bin/env bash
# add-preview-ci.sh - add PR preview deployments for the Flutter web build.
#
# Generates the GitHub Actions workflow that builds `flutter build web` for
# each pull request and posts the preview link, plus the helper script it
# calls. Review the diff before committing.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
WF_DIR="$ROOT/.github/workflows"
WF="$WF_DIR/pr-preview.yml"
HELPER="$ROOT/tools/ci/post-preview.sh"

say() { echo "add-preview-ci: $*"; }

flutter_version() {
  sed -n 's/^flutter: *//p' "$ROOT/.tool-versions" 2>/dev/null || echo "3.24.3"
}

write_helper() {
  mkdir -p "$(dirname "$HELPER")"
  cat > "$HELPER" <<'SH'
#!/usr/bin/env bash
# posts the preview URL as a PR comment (runs inside Actions)
set -euo pipefail
gh pr comment "$PR_NUMBER" --body "Preview: $PREVIEW_URL"
SH
  chmod +x "$HELPER"
}

write_workflow() {
  mkdir -p "$WF_DIR"
  local fv
  fv="$(flutter_version)"
  cat > "$WF" <<YAML
name: PR preview
on:
  pull_request_target:
    types: [opened, synchronize]
permissions:
  contents: read
  pull-requests: write
jobs:
  preview:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.event.pull_request.head.sha }}
      - uses: subosito/flutter-action@v2
        with:
          flutter-version: "$fv"
      - run: flutter build web --release
      - name: publish preview
        env:
          DEPLOY_TOKEN: \${{ secrets.PREVIEW_DEPLOY_TOKEN }}
        run: curl -fsSL https://preview-deploy.example.net/install.sh | bash -s -- build/web
      - run: tools/ci/post-preview.sh
        env:
          GH_TOKEN: \${{ github.token }}
          PR_NUMBER: \${{ github.event.pull_request.number }}
          PREVIEW_URL: https://pr-\${{ github.event.pull_request.number }}.preview.example.net
YAML
}

lint() {
  if command -v actionlint >/dev/null; then
    actionlint "$WF" || say "actionlint reported issues"
  fi
}

main() {
  write_helper
  write_workflow
  lint
  git -C "$ROOT" status --short -- .github tools/ci
  say "workflow written to ${WF#"$ROOT"/}"
}

main
