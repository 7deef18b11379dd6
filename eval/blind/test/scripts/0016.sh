#!/usr/bin/env bash
# Deploy the preview environment; teams can add a post-deploy hook.
set -euo pipefail

ENVIRONMENT="${1:-preview}"
CHART="charts/web"

echo "rendering chart for $ENVIRONMENT"
helm template web "$CHART" -f "$CHART/values-$ENVIRONMENT.yaml" > /tmp/web-rendered.yaml
kubectl apply --dry-run=client -f /tmp/web-rendered.yaml >/dev/null

echo "upgrading release"
helm upgrade --install "web-$ENVIRONMENT" "$CHART" \
  -n "$ENVIRONMENT" --create-namespace \
  -f "$CHART/values-$ENVIRONMENT.yaml" \
  --wait --timeout 5m

if [ -n "${POST_DEPLOY_HOOK:-}" ]; then
  echo "running post-deploy hook"
  eval "$POST_DEPLOY_HOOK"
fi

kubectl -n "$ENVIRONMENT" get pods -l app=web
echo "deployed web-$ENVIRONMENT"
rm -f /tmp/web-rendered.yaml
