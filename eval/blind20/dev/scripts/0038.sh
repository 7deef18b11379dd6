#!/usr/bin/env bash
# deploy/preview.sh - spin up a preview environment of the current branch on
# the shared preview builder, using the branch name as the namespace.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BRANCH="$(git rev-parse --abbrev-ref HEAD)"
NS="preview-${BRANCH//[^a-z0-9-]/-}"
BUILDER="${PREVIEW_BUILDER:-ci@preview-builder.example.com}"
IMAGE_TAG="$(git rev-parse --short HEAD)"
SECRETS_FILE="${ROOT}/secrets/preview.enc.yaml"

die() { echo "preview: $*" >&2; exit 1; }

[[ ${#NS} -le 63 ]] || die "namespace too long: ${NS}"
[[ -f "$SECRETS_FILE" ]] || die "missing ${SECRETS_FILE#"$ROOT"/}"
command -v sops >/dev/null || die "sops required"

build_and_push() {
  docker build -q -t "registry.internal/shop/web:${IMAGE_TAG}" "$ROOT" >/dev/null
  docker push -q "registry.internal/shop/web:${IMAGE_TAG}" >/dev/null
}

render() {
  kustomize build "${ROOT}/deploy/overlays/preview" \
    | sed -e "s/__NAMESPACE__/${NS}/g" -e "s/__TAG__/${IMAGE_TAG}/g" \
    >"${ROOT}/build/preview.yaml"
}

remote_apply() {
  ssh -o BatchMode=yes "$BUILDER" bash -s <<EOF
set -e
mkdir -p ~/previews/${NS}
cat > ~/previews/${NS}/secrets.env <<'INNER'
$(sops -d --output-type dotenv "$SECRETS_FILE")
INNER
kubectl create namespace ${NS} --dry-run=client -o yaml | kubectl apply -f -
kubectl -n ${NS} create secret generic app-env --from-env-file ~/previews/${NS}/secrets.env \
  --dry-run=client -o yaml | kubectl apply -f -
EOF
  scp -q "${ROOT}/build/preview.yaml" "${BUILDER}:previews/${NS}/manifest.yaml"
  ssh -o BatchMode=yes "$BUILDER" "kubectl -n ${NS} apply -f previews/${NS}/manifest.yaml"
}

wait_rollout() {
  ssh -o BatchMode=yes "$BUILDER" "kubectl -n ${NS} rollout status deploy/web --timeout=180s"
}

print_url() {
  echo "preview: https://${NS}.preview.internal"
}

main() {
  mkdir -p "${ROOT}/build"
  build_and_push
  render
  remote_apply
  wait_rollout
  print_url
}

main "$@"
