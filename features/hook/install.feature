Feature: install wires the hook into an agent's settings and uninstall takes out what it added
  Install adds the guard's entries once and keeps every other setting; uninstall removes exactly
  those entries and what install created around them, so a settings file that install created
  is gone again, and no `{"hooks": {}}` is left behind.

  Scenario Outline: uninstall removes a settings file that install created
    When I run "terraphim-agent guard install --agent <agent> --scope project"
    Then the exit code is 0
    And the project file "<file>" contains "guard hook --agent <agent>"
    When I run "terraphim-agent guard uninstall --agent <agent> --scope project"
    Then the exit code is 0
    And the project file "<file>" does not exist

    Examples:
      | agent       | file                  |
      | claude-code | .claude/settings.json |
      | codex       | .codex/hooks.json     |
      | gemini      | .gemini/settings.json |
      | cursor      | .cursor/hooks.json    |

  Scenario: uninstall keeps the user's own settings and drops the emptied hooks object
    Given a project file ".claude/settings.json" containing:
      """
      {"model": "opus"}
      """
    When I run "terraphim-agent guard install --agent claude-code --scope project"
    And I run "terraphim-agent guard uninstall --agent claude-code --scope project"
    Then the project file ".claude/settings.json" contains "opus"
    And the project file ".claude/settings.json" does not contain "hooks"
