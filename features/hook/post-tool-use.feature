Feature: outcomes are recorded, joined to the original command
  PostToolUse sees only the rewritten command, so PreToolUse records the original keyed by
  tool_use_id; both halves go to the append-only outcome store.

  Scenario: a sandboxed call's failure is recorded with the original command and exit code
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"toolu_9","tool_input":{"command":"frobnicate --now"}}
      """
    Then the outcome store holds a "hook-pre" record for command "frobnicate --now"
    And the last outcome record's "decision" is "sandbox"
    And the last outcome record's "outcome.kind" is "pending"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PostToolUseFailure","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"toolu_9","tool_input":{"command":"/x/terraphim-agent guard exec --profile readonly --id toolu_9 -- 'frobnicate --now'"},"error":"Exit code 3\nno such thing","is_interrupt":false,"duration_ms":12}
      """
    Then the exit code is 0
    And stdout is empty
    And the outcome store holds a "hook-post-failure" record for command "frobnicate --now"
    And the last outcome record's "outcome.exit_code" is "3"
    And the last outcome record's "outcome.kind" is "failure"
    And the last outcome record's "executed" is "/x/terraphim-agent guard exec --profile readonly --id toolu_9 -- 'frobnicate --now'"
    And the last outcome record's "duration_ms" is "12"

  Scenario: a deny is recorded as denied
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_10","tool_input":{"command":"wipedisk /"}}
      """
    Then the last outcome record's "outcome.kind" is "denied"
    And the last outcome record's "concepts.0" is "wipe disk"

  Scenario: a successful Claude Code call is clean with exit code 0
    When the claude-code hook receives:
      """
      {"hook_event_name":"PostToolUse","tool_name":"Bash","tool_use_id":"toolu_11","tool_input":{"command":"ls"},"tool_response":{"stdout":"a","stderr":"","interrupted":false,"isImage":false}}
      """
    Then stdout is empty
    And the last outcome record's "outcome.kind" is "clean"
    And the last outcome record's "outcome.exit_code" is "0"

  Scenario: a Cursor postToolUse reads the exit code from its JSON string
    When the cursor hook receives:
      """
      {"hook_event_name":"postToolUse","tool_name":"Shell","tool_input":{"command":"ls"},"tool_use_id":"u9","tool_output":"{\"output\":\"x\",\"exitCode\":7}"}
      """
    Then the last outcome record's "outcome.exit_code" is "7"
