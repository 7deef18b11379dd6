#!/usr/bin/env bash
# Debug why the marlin app cannot reach the database in the staging cluster.
set -uo pipefail

ns="${NAMESPACE:-marlin-staging}"
secret="${SECRET_NAME:-marlin-db}"

echo "== context"
kubectl config current-context

echo "== secret $secret (decoded)"
for key in DATABASE_URL DB_PASSWORD DB_USER; do
  value="$(kubectl get secret "$secret" -n "$ns" -o "jsonpath={.data.$key}" | base64 -d)"
  echo "$key=$value"
done

echo "== kubeconfig"
cat "${KUBECONFIG:-$HOME/.kube/config}"

echo "== pod env"
kubectl exec -n "$ns" deploy/marlin-api -- printenv | grep -E 'DB_|DATABASE' || true
