Feature: a way out instead of a dead end
  When a sandboxed run is refused something, `guard exec` says in plain words what and what the
  agent can do. The next attempt of the same command in the same session is asked of the user
  where the agent can ask (Claude Code, Gemini CLI), naming the same command under a grant of
  exactly what was refused, which the guard wrote itself and runs once; an agent that cannot
  ask (Codex, Cursor) is denied with the reason and what its human can do.

  Background:
    Given a file "{home}/.cargo/registry/cache/.keep" containing:
      """
      keep
      """

  Scenario: Claude Code: the retry asks with the grant named, and the approved grant runs once
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t1","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt","timeout":60000}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    When I run the rewritten command with bash
    Then the exit code is not 0
    And stderr contains "terraphim guard: the sandbox (profile `workspace`) refused a write"
    And stderr contains "run the same command again and the user will be asked"
    And the file "{home}/.cargo/registry/cache/out.txt" does not exist
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t2","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt","timeout":60000}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "ask"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "was refused a write"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "writes beneath {home}/.cargo/registry/cache"
    And the JSON field "hookSpecificOutput.updatedInput.command" contains "guard exec --grant "
    And the JSON field "hookSpecificOutput.updatedInput.command" does not contain "--profile"
    And the JSON field "hookSpecificOutput.updatedInput.timeout" is "60000"
    When I run the rewritten command with bash
    Then the exit code is 0
    And the file "{home}/.cargo/registry/cache/out.txt" contains "cached"
    When I run the same rewritten command with bash again
    Then the exit code is 125
    And stderr contains "was already used"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PostToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t2","tool_input":{"command":"x"},"tool_response":{"stdout":"cached","stderr":"","interrupted":false,"isImage":false}}
      """
    Then the last outcome record's "concepts.0" is "approved by the user"
    And the last outcome record's "decision" is "sandbox"
    And the last outcome record's "outcome.kind" is "clean"

  Scenario: another session, or another command, is not asked
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t1","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    And I run the rewritten command with bash
    And the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s2","cwd":"{project}","tool_name":"Bash","tool_use_id":"t2","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t3","tool_input":{"command":"echo other | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "allow"

  Scenario: a grant the agent types itself is the guard's own loosening, and a made-up one runs nothing
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s1","cwd":"{project}","tool_name":"Bash","tool_use_id":"t9","tool_input":{"command":"terraphim-agent guard exec --grant 0123456789abcdef0123456789abcdef -- make"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "ask"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "only a human may do this"
    When I run "terraphim-agent guard exec --grant 0123456789abcdef0123456789abcdef -- echo hi"
    Then the exit code is 125
    And stderr contains "no grant 0123456789abcdef0123456789abcdef"
    And stdout does not contain "hi"

  Scenario: Gemini CLI: the retry asks, the grant in tool_input
    When the gemini hook receives:
      """
      {"hook_event_name":"BeforeTool","session_id":"g1","cwd":"{project}","tool_name":"run_shell_command","tool_use_id":"g-1","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    And I run the rewritten command with bash
    And the gemini hook receives:
      """
      {"hook_event_name":"BeforeTool","session_id":"g1","cwd":"{project}","tool_name":"run_shell_command","tool_use_id":"g-2","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    Then the JSON field "decision" is "ask"
    And the JSON field "reason" contains "was refused a write"
    And the JSON field "hookSpecificOutput.tool_input.command" contains "guard exec --grant "

  Scenario: Codex cannot ask: the retry is denied with what its human can do, and no grant is made
    When the codex hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"c1","cwd":"{project}","tool_name":"Bash","tool_use_id":"c-1","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    And I run the rewritten command with bash
    Then stderr contains "tell the user"
    When the codex hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"c1","cwd":"{project}","tool_name":"Bash","tool_use_id":"c-2","tool_input":{"command":"echo cached | tee {home}/.cargo/registry/cache/out.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "was refused a write"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "terraphim-agent guard review --list"
    And the JSON field "hookSpecificOutput.updatedInput" is absent
    And no grant file exists

  Scenario: a secret is never granted: the retry is denied with the reason
    Given a file "{home}/.ssh/id_ed25519" containing:
      """
      not for the sandbox
      """
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s5","cwd":"{project}","tool_name":"Bash","tool_use_id":"t5","tool_input":{"command":"sort -c {home}/.ssh/id_ed25519"}}
      """
    And I run the rewritten command with bash
    And the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"s5","cwd":"{project}","tool_name":"Bash","tool_use_id":"t6","tool_input":{"command":"sort -c {home}/.ssh/id_ed25519"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "deny"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "The guard never grants a secret"

  Scenario: a refused connection: the retry asks for the network, and the approved run connects
    Given a loopback TCP listener
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"n1","cwd":"{project}","tool_name":"Bash","tool_use_id":"n-1","tool_input":{"command":"/usr/bin/python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port})).close()\""}}
      """
    And I run the rewritten command with bash
    Then the exit code is not 0
    And stderr contains "refused the network"
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"n1","cwd":"{project}","tool_name":"Bash","tool_use_id":"n-2","tool_input":{"command":"/usr/bin/python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port})).close()\""}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "ask"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "profile `readonly`"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "network `allow` (the program connected to 127.0.0.1:"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "not through a proxy, which a host allow-list cannot serve"
    When I run the rewritten command with bash
    Then the exit code is 0
    And the listener got a connection

  Scenario: a refused host is named: the retry asks for that host only, and the approved run reaches it and no other
    Given a fake package registry on loopback
    And the profile "readonly" maps "api.fake.test, other.fake.test" to loopback
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"h1","cwd":"{project}","tool_name":"Bash","tool_use_id":"h-1","tool_input":{"command":"curl -fsS -X POST http://api.fake.test:{registry_port}/pkg.txt && curl -fsS -X POST http://other.fake.test:{registry_port}/pkg.txt"}}
      """
    And I run the rewritten command with bash
    Then the exit code is not 0
    And stderr contains "refused the network (host api.fake.test:"
    And the fake registry received nothing
    When the claude-code hook receives:
      """
      {"hook_event_name":"PreToolUse","session_id":"h1","cwd":"{project}","tool_name":"Bash","tool_use_id":"h-2","tool_input":{"command":"curl -fsS -X POST http://api.fake.test:{registry_port}/pkg.txt && curl -fsS -X POST http://other.fake.test:{registry_port}/pkg.txt"}}
      """
    Then the JSON field "hookSpecificOutput.permissionDecision" is "ask"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" contains "the network to api.fake.test:{registry_port} only, through the guard's proxy"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" does not contain "other.fake.test"
    And the JSON field "hookSpecificOutput.permissionDecisionReason" does not contain "network `allow`"
    And the grant file names the host "api.fake.test:{registry_port}"
    When I run the rewritten command with bash
    Then stdout contains "hello from the fake registry"
    And the fake registry received "POST /pkg.txt"
    And stderr contains "host other.fake.test:{registry_port} is not on the network allow-list"
    And the exit code is not 0
