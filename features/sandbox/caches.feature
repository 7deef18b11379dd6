Feature: package caches are writable for a run and never for the host
  A profile's `caches` (the `install` profile names `@package-caches`: npm, pip, uv, cargo, Go,
  bun, pnpm and yarn caches) are writable for the command without letting it change what the
  host later runs: where the sandbox makes its own namespaces each existing cache is an overlay
  over the host's (hits are the host's, writes land in a layer of the run's own that is removed
  when it ends); elsewhere each cache with a variable of its own is moved into the run's private
  TMPDIR, and the host's cache stays read-only. The npm scenarios against a fake registry are in
  network.feature.

  Scenario: without namespaces a cache is moved into the run's private TMPDIR, and the host's stays as it was
    Given npm is installed
    And the host has an npm cache
    And a sandbox profile "offline-install" based on "install" with:
      """
      network = "deny"
      """
    And a project file "pkg/package.json" containing:
      """
      {"name": "localpkg", "version": "1.0.0"}
      """
    When I run "echo cache=$npm_config_cache; npm pack ./pkg --silent && npm cache add ./localpkg-1.0.0.tgz && ls $npm_config_cache" sandboxed with profile "offline-install" without namespaces
    Then the exit code is 0
    And stdout contains "terraphim-caches/npm_config_cache"
    And stdout contains "_cacache"
    And the host's npm cache is unchanged

  Scenario: with namespaces an existing cache is an overlay: the host's entries read, writes kept inside
    Given a file "{home}/.npm/host-entry" containing:
      """
      cached by the host
      """
    And the host has an npm cache
    When I run "echo cache=$npm_config_cache; cat $HOME/.npm/host-entry; echo planted > $HOME/.npm/planted && echo changed > $HOME/.npm/host-entry && cat $HOME/.npm/planted $HOME/.npm/host-entry" sandboxed with profile "install" with namespaces
    Then the exit code is 0
    And stdout contains "cache="
    And stdout does not contain "terraphim-caches"
    And stdout contains "cached by the host"
    And stdout contains "planted"
    And stdout contains "changed"
    And the host's npm cache is unchanged

  Scenario: guard profiles says what each cache gets
    When I run "terraphim-agent guard profiles"
    Then the exit code is 0
    And stdout contains "~/.npm (npm_config_cache)"
    And stdout contains "~/.cargo/registry"
