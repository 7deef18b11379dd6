#!/usr/bin/env bash
# tmp_check_endpoints.sh - poll a few upstream status endpoints
set -u
for url in https://status.example.com/api/v2/status.json https://uptime.example.net/ping https://203.0.113.140/health; do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url")
  echo "$code $url"
done
