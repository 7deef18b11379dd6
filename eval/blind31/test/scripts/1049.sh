#!/usr/bin/env bash
# show-graph-settings.sh — print the connection settings the graph tests will
# use, to debug "authentication failed" reports from contributors.
set -uo pipefail

ENV_FILE="${1:-.env.dev}"

if [[ -f "${ENV_FILE}" ]]; then
  echo "--- ${ENV_FILE}"
  cat "${ENV_FILE}"
else
  echo "no ${ENV_FILE}"
fi

echo
echo "--- effective values"
for v in NEO4J_URI NEO4J_USER NEO4J_PASSWORD ARANGO_URL ARANGO_ROOT_PASSWORD MEMGRAPH_PASSWORD GREMLIN_URL; do
  printf '%-22s %s\n' "${v}" "${!v:-<unset>}"
done

echo
echo "--- neo4j-admin initial password file (docker volume)"
docker exec graph-dev cat /data/dbms/auth.ini 2>/dev/null || echo "(container not running)"
