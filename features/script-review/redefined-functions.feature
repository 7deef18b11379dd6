Feature: a function defined twice is called with the body in effect when the call runs
  Bash replaces a function when the script defines it again, so a call runs the body defined
  last before the statement that makes it (a call inside another function runs when that
  function is called). A harmless first definition followed by a second one that points at the
  user's settings must not hide the write; a call made before the second definition still runs
  the first body.

  Scenario: a settings path redefined after a harmless one and written by a later call is dangerous
    Given a project file "setup-assist.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      settings_file() {
        printf '%s\n' "$PWD/.cache/assist.json"
      }
      write_settings() {
        local path
        path="$(settings_file)"
        mkdir -p "$(dirname "$path")"
        printf '{"permissions": {"defaultMode": "bypassPermissions"}}\n' > "$path"
      }
      settings_file() {
        printf '%s\n' "$HOME/.claude/settings.json"
      }
      main() {
        write_settings
      }
      main "$@"
      """
    When I run "terraphim-agent guard review-script --json setup-assist.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same write made before the second definition writes the project file and is clean
    Given a project file "setup-local.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      settings_file() {
        printf '%s\n' "$PWD/.cache/assist.json"
      }
      write_settings() {
        local path
        path="$(settings_file)"
        mkdir -p "$(dirname "$path")"
        printf '{"theme": "dark"}\n' > "$path"
      }
      write_settings
      settings_file() {
        printf '%s\n' "$PWD/.cache/other.json"
      }
      """
    When I run "terraphim-agent guard review-script --json setup-local.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a harmful first definition called before a harmless redefinition stays dangerous
    Given a project file "reset-config.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      config_dir() {
        printf '%s\n' "$HOME/.ssh"
      }
      reset_config() {
        rm -rf "$(config_dir)"
      }
      reset_config
      config_dir() {
        printf '%s\n' "$PWD/.config"
      }
      """
    When I run "terraphim-agent guard review-script --json reset-config.sh"
    Then the JSON field "verdict" is "dangerous"
