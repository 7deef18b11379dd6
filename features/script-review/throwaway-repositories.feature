@script-review
Feature: script pre-review tells the project's anchors from throwaway copies of them
  A git config, a CI workflow or an npm config written in a temporary directory belongs to a
  throwaway repository or an extracted package: it configures nothing the user runs. The
  project's own `.git`, workflows and configs stay trust anchors. Deleting a `.git` further
  down the tree removes a nested repository (a build output), not the project's history.

  Scenario: a test fixture that makes a git repository in a temporary directory is clean
    Given a project file "fixture.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-'));
      fs.mkdirSync(path.join(root, '.git'), { recursive: true });
      fs.writeFileSync(path.join(root, '.git', 'config'), '[user]\n  name = test\n');
      """
    When I run "terraphim-agent guard review-script --json fixture.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the project's own git config written from input is still tampering
    Given a project file "setcfg.js" containing:
      """
      const fs = require('fs');
      fs.writeFileSync('.git/config', process.argv[2]);
      """
    When I run "terraphim-agent guard review-script --json setcfg.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: removing a nested repository's .git in the build output is clean
    Given a project file "publish.py" containing:
      """
      import shutil
      shutil.rmtree('build/site/.git', ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json publish.py"
    Then the JSON field "verdict" is "clean"

  Scenario: removing the project's own .git from a subdirectory is destructive
    Given a project file "wipe.py" containing:
      """
      import shutil, os
      os.chdir('src')
      shutil.rmtree('../.git')
      """
    When I run "terraphim-agent guard review-script --json wipe.py"
    Then the JSON field "verdict" is "dangerous"
