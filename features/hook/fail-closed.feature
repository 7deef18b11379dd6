Feature: the hook never fails open
  Claude Code runs the command when a hook exits with anything but 0 or 2, so every failure of
  the guard itself ends in a deny in the agent's protocol.

  Scenario: malformed JSON is denied
    When the claude-code hook receives:
      """
      {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"
      """
    Then the exit code is 0
    And the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "not valid JSON"

  Scenario: a shell call without a command is denied
    When the gemini hook receives:
      """
      {"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"cmd":"ls"}}
      """
    Then the JSON field "decision" is "deny"

  Scenario: oversized input is denied
    When the claude-code hook receives 3000000 bytes of input
    Then the exit code is 0
    And the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "larger than"

  Scenario: an unreadable KG is denied, naming the file and line
    Given the user KG file "guard-destructive/broken.md" containing:
      """
      # Broken
      synonyms:: rm '-rf
      """
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"t","tool_input":{"command":"ls"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "broken.md:2"

  Scenario: a panic is denied
    Given the environment variable "TERRAPHIM_GUARD_TEST_PANIC" is "1"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"t","tool_input":{"command":"ls"}}
      """
    Then the exit code is 0
    And the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "panicked"

  Scenario: running past the hook's own deadline is denied
    Given the environment variable "TERRAPHIM_GUARD_TEST_STALL_MS" is "5000"
    When the cursor hook with "--deadline-ms 300" receives:
      """
      {"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls"}}
      """
    Then the exit code is 0
    And the JSON field "permission" is "deny"
    And the JSON field "agent_message" contains "deadline of 300 ms"

  Scenario: an input that names no event, without --event, is denied
    When the codex hook receives:
      """
      {"tool_name":"Bash","tool_input":{"command":"ls"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"

  Scenario Outline: a crash of the hook process blocks (exit 2 with the reason on stderr)
    Given the environment variable "TERRAPHIM_GUARD_TEST_CRASH" is "<crash>"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"t","tool_input":{"command":"ls"}}
      """
    Then the exit code is 2
    And stderr contains "crashed while judging this command, so it is blocked"

    Examples:
      | crash          |
      | segv           |
      | abort          |
      | stack-overflow |

  Scenario Outline: a crash after the decision, while the call is recorded, still blocks
    The call is recorded before the answer is printed, so a crash there leaves no allow on
    stdout for an agent that reads stdout whatever the exit code (Gemini CLI).
    Given the environment variable "TERRAPHIM_GUARD_TEST_CRASH" is "<crash>@recording"
    When the <agent> hook receives:
      """
      <event>
      """
    Then the exit code is 2
    And stdout is empty
    And stderr contains "crashed while judging this command, so it is blocked"

    Examples:
      | crash | agent       | event                                                                                                                                    |
      | segv  | claude-code | {"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_use_id":"t","tool_input":{"command":"ls"}}                     |
      | abort | gemini      | {"session_id":"s","hook_event_name":"BeforeTool","timestamp":"t","tool_name":"run_shell_command","tool_input":{"command":"ls"}}          |
