Feature: Modules loaded from the temporary directory
  A module imported from the temporary directory that the script did not write itself is
  code nobody reviewed: anyone on the machine may have put it there. At the top of an ES
  module as inside a function, the import is suspicious; a module of the project imported the
  same way is its own code.

  Scenario: a top-level import of a module under the temporary directory is suspicious
    Given a project file "load-hook.mjs" containing:
      """
      import os from 'node:os';
      import path from 'node:path';

      const file = path.join(os.tmpdir(), 'hook.mjs');
      const mod = await import(file);
      await mod.default?.();
      """
    When I run "terraphim-agent guard review-script --json load-hook.mjs"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a top-level import of a module of the project is clean
    Given a project file "load-plugin.mjs" containing:
      """
      const file = './plugins/lint.mjs';
      const mod = await import(file);
      await mod.default?.();
      """
    When I run "terraphim-agent guard review-script --json load-plugin.mjs"
    Then the JSON field "verdict" is "clean"
