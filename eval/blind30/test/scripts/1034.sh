#!/usr/bin/env bash
# bootstrap.sh - developer setup for the pretalx schedule-widget plugin
#
#   ./bootstrap.sh            create .venv, install pretalx + plugin, dev DB, hooks
#   ./bootstrap.sh --fresh    also delete the local dev data directory (.pretalx-dev/)
#
# Steps:
#   1. Python 3.11+ and node 18+ present
#   2. .venv with pretalx[dev] and the plugin in editable mode
#   3. .pretalx-dev/pretalx.cfg pointing at a SQLite file inside .pretalx-dev/
#   4. migrate, rebuild static files, create the demo event from fixtures/
#   5. npm ci for the widget frontend
#   6. install the repository's own git hooks from .githooks/ (format + lint on commit)
# The --fresh deletion is limited to .pretalx-dev/ inside this checkout.
set -euo pipefail

cd "$(dirname "$0")"
CHECKOUT=$(pwd)
VENV="$CHECKOUT/.venv"
DEVDIR="$CHECKOUT/.pretalx-dev"
CFG="$DEVDIR/pretalx.cfg"
FRESH=0

step() { printf '\n\033[1m%s\033[0m\n' "$*"; }
note() { printf '  %s\n' "$*"; }
die()  { printf '\nbootstrap: %s\n' "$*" >&2; exit 1; }

for a in "$@"; do
  case $a in
    --fresh) FRESH=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown option $a" ;;
  esac
done

version_ge() { [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1) == "$2" ]]; }

check_prereqs() {
  step "1/6 prerequisites"
  local py node
  py=$(python3 -c 'import sys; print(".".join(map(str, sys.version_info[:3])))')
  version_ge "$py" 3.11 || die "python $py found, 3.11+ needed"
  note "python $py"
  if command -v node >/dev/null; then
    node=$(node -p 'process.versions.node')
    version_ge "$node" 18.0.0 || die "node $node found, 18+ needed"
    note "node $node"
  else
    die "node not found (nvm install 20)"
  fi
  command -v gettext >/dev/null || note "gettext not found; translations will not compile"
}

make_venv() {
  step "2/6 virtualenv"
  if [[ ! -x $VENV/bin/python ]]; then
    python3 -m venv "$VENV"
    note "created .venv"
  fi
  "$VENV/bin/python" -m pip install -q --upgrade pip wheel
  "$VENV/bin/python" -m pip install -q "pretalx[dev]>=2024.1" -e ".[dev]"
  note "pretalx $("$VENV/bin/python" -c 'import pretalx; print(pretalx.__version__)')"
}

write_cfg() {
  step "3/6 configuration"
  if (( FRESH )) && [[ -d $DEVDIR ]]; then
    [[ $DEVDIR == "$CHECKOUT/.pretalx-dev" ]] || die "unexpected dev dir $DEVDIR"
    rm -rf -- "$DEVDIR"
    note "removed previous .pretalx-dev/"
  fi
  mkdir -p "$DEVDIR/data" "$DEVDIR/media" "$DEVDIR/static"
  if [[ ! -f $CFG ]]; then
    cat > "$CFG" <<EOF
[filesystem]
data = $DEVDIR/data
media = $DEVDIR/media
static = $DEVDIR/static

[site]
debug = True
url = http://localhost:8000

[database]
backend = sqlite3
name = $DEVDIR/data/db.sqlite3

[mail]
from = pretalx@localhost
host = localhost
port = 1025
EOF
    note "wrote .pretalx-dev/pretalx.cfg"
  else
    note "keeping existing pretalx.cfg"
  fi
}

pretalx() { PRETALX_CONFIG_FILE="$CFG" "$VENV/bin/python" -m pretalx "$@"; }

database() {
  step "4/6 database"
  pretalx migrate --noinput | tail -n 3
  pretalx rebuild --npm-install | tail -n 2
  if [[ ! -f $DEVDIR/.demo-loaded ]]; then
    pretalx loaddata fixtures/demo_event.json
    pretalx create_test_event --stage schedule >/dev/null 2>&1 || true
    touch "$DEVDIR/.demo-loaded"
    note "demo event loaded (organiser: admin@localhost / password: admin)"
  fi
}

frontend() {
  step "5/6 widget frontend"
  (cd widget && npm ci --no-audit --no-fund | tail -n 2)
  (cd widget && npm run build | tail -n 3)
}

hooks() {
  step "6/6 git hooks"
  [[ -d .githooks ]] || { note "no .githooks directory"; return; }
  local dest h name
  dest=$(git rev-parse --git-path hooks)
  mkdir -p "$dest"
  for h in .githooks/*; do
    [[ -f $h ]] || continue
    name=$(basename "$h")
    if [[ -f $dest/$name ]] && ! cmp -s "$h" "$dest/$name"; then
      mv -f -- "$dest/$name" "$dest/$name.before-bootstrap"
      note "existing $name saved as $name.before-bootstrap"
    fi
    install -m 0755 "$h" "$dest/$name"
    note "installed $name"
  done
}

editor_hints() {
  # point editors at the venv interpreter; only written when no settings exist yet
  local vs=".vscode/settings.json"
  if [[ ! -f $vs ]]; then
    mkdir -p .vscode
    cat > "$vs" <<EOF
{
  "python.defaultInterpreterPath": "$VENV/bin/python",
  "python.testing.pytestEnabled": true,
  "python.testing.pytestArgs": ["tests"],
  "[python]": { "editor.defaultFormatter": "charliermarsh.ruff" }
}
EOF
    note "wrote $vs"
  fi
}

translations() {
  step "translations"
  if ! command -v msgfmt >/dev/null; then
    note "msgfmt missing; skipping"
    return
  fi
  local po count=0
  for po in pretalx_schedule_widget/locale/*/LC_MESSAGES/django.po; do
    [[ -f $po ]] || continue
    msgfmt --check -o "${po%.po}.mo" "$po"
    count=$((count + 1))
  done
  note "$count catalogue(s) compiled"
}

smoke_test() {
  step "smoke test"
  "$VENV/bin/python" -m pytest -q tests/test_widget.py -x 2>&1 | tail -n 3 || note "tests failed; see above"
}

check_prereqs
make_venv
write_cfg
database
frontend
hooks
editor_hints
translations
smoke_test
step "ready"
note "run: PRETALX_CONFIG_FILE=$CFG $VENV/bin/python -m pretalx runserver 127.0.0.1:8000"
