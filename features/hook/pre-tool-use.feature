Feature: the PreToolUse gate in each agent's protocol
  Deny becomes the agent's deny with the reason and concept; sandbox becomes allow with the
  command rewritten to run under `guard exec`, the rest of the tool input kept; allow is allow.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    And the user KG file "guard-safe/lister.md" containing:
      """
      synonyms:: lister
      example:: lister
      """

  Scenario: Claude Code: deny carries the reason and the concept
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"toolu_1","tool_input":{"command":"sudo wipedisk /"}}
      """
    Then the exit code is 0
    And the JSON field "hookSpecificOutput.hookEventName" is "PreToolUse"
    And the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "erases every disk"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "[wipe disk]"

  Scenario: Claude Code: sandbox rewrites the command and keeps the rest of tool_input
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"toolu_2","tool_input":{"command":"frobnicate 'it''s' | wc -l > \"out file\"","description":"count","timeout":120000,"run_in_background":false}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    And the rewritten command wraps "frobnicate 'it''s' | wc -l > \"out file\"" for the sandbox with profile "workspace"
    And the JSON field "hookSpecificOutput.updatedInput.description" is "count"
    And the JSON field "hookSpecificOutput.updatedInput.timeout" is "120000"
    And the JSON field "hookSpecificOutput.updatedInput.run_in_background" is "false"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "sandbox"

  Scenario: Claude Code: allow says allow
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_3","tool_input":{"command":"lister -l"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"

  Scenario: --defer-allow leaves the agent's own permission flow in charge
    When the claude-code hook with "--defer-allow" receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_4","tool_input":{"command":"lister"}}
      """
    Then the exit code is 0
    And stdout is empty

  Scenario: a tool that is not a shell gets no decision
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Edit","tool_use_id":"toolu_5","tool_input":{"file_path":"x","old_string":"wipedisk /"}}
      """
    Then the exit code is 0
    And stdout is empty

  Scenario: Codex: allow prints nothing, because allow without updatedInput fails its hook
    When the codex hook receives:
      """
      {"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"{project}","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"lister"},"tool_use_id":"c1"}
      """
    Then the exit code is 0
    And stdout is empty

  Scenario: Codex: deny and sandbox use only documented fields
    When the codex hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"wipedisk /"},"tool_use_id":"c2"}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    When the codex hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"frobnicate"},"tool_use_id":"c3"}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    And the rewritten command wraps "frobnicate" for the sandbox with profile "workspace"

  Scenario: the guard's own loosening asks the user where the agent can ask, and is denied where it cannot
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"terraphim-agent guard review --approve 3f2a"},"tool_use_id":"h1","cwd":"{project}"}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "ask"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "only a human may do this"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "guard self loosening"
    When the gemini hook receives:
      """
      {"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"terraphim-agent guard uninstall --agent gemini"}}
      """
    Then the JSON field "decision" is "ask"
    When the codex hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"terraphim-agent guard review --approve 3f2a"},"tool_use_id":"h2"}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"

  Scenario: loosening the guard together with anything else destructive is a plain deny
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"terraphim-agent guard uninstall --agent claude-code && rm -rf ~"},"tool_use_id":"h3","cwd":"{project}"}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"

  Scenario: Gemini CLI: flat decision, rewrite through hookSpecificOutput.tool_input
    When the gemini hook receives:
      """
      {"session_id":"s","cwd":"{project}","hook_event_name":"BeforeTool","timestamp":"t","tool_name":"run_shell_command","tool_input":{"command":"wipedisk /","description":"d"}}
      """
    Then the JSON field "decision" is "deny"
    And the JSON field "reason" contains "erases every disk"
    When the gemini hook receives:
      """
      {"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"frobnicate"}}
      """
    Then the JSON field "decision" is "allow"
    And the rewritten command wraps "frobnicate" for the sandbox with profile "workspace"

  Scenario: Cursor preToolUse: allow is always spelled out, sandbox rewrites updated_input
    When the cursor hook receives:
      """
      {"conversation_id":"c","generation_id":"g","hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"lister","cwd":"{project}","timeout":30},"tool_use_id":"u1"}
      """
    Then the JSON field "permission" is "allow"
    When the cursor hook receives:
      """
      {"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"frobnicate","cwd":"{project}","timeout":30},"tool_use_id":"u2"}
      """
    Then the JSON field "permission" is "allow"
    And the rewritten command wraps "frobnicate" for the sandbox with profile "workspace"
    And the JSON field "updated_input.timeout" is "30"

  Scenario: Cursor beforeShellExecution cannot rewrite, so a sandbox decision denies with the confined form
    When the cursor hook receives:
      """
      {"hook_event_name":"beforeShellExecution","command":"frobnicate","cwd":"{project}"}
      """
    Then the JSON field "permission" is "deny"
    And the JSON field "agent_message" contains "guard exec --profile workspace"
    And the JSON field "user_message" contains "cannot rewrite"

  Scenario: end to end: the rewritten command runs on the workspace; a new file lands, overwriting work git cannot give back is held and reported
    Given a project file "notes.txt" containing:
      """
      keep me
      """
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_e2e","cwd":"{project}","tool_input":{"command":"frobnicate 2>/dev/null; echo made > made.txt; echo pwned > notes.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    When I run the rewritten command with bash
    Then stderr contains "held"
    And the project file "notes.txt" contains "keep me"
    And the project file "made.txt" does not exist
    And the outcome store holds a "destroys-work" violation for command "frobnicate 2>/dev/null; echo made > made.txt; echo pwned > notes.txt"

  Scenario: end to end: the rewritten command runs on the workspace, and what it writes lands in the project
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_e2e2","cwd":"{project}","tool_input":{"command":"frobnicate 2>/dev/null; echo made > made.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    When I run the rewritten command with bash
    Then the project file "made.txt" contains "made"
