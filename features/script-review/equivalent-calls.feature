@script-review
Feature: script pre-review knows the equivalent library calls
  A script reaches a file, a process or the network through whichever of several equivalent calls
  its author picked: a file descriptor instead of `open`, a truncation instead of a delete, a
  move into a temporary directory instead of a delete, a decoded payload written to a file and run
  from it instead of `exec`, a program started with an argument list instead of a shell line. Each
  is judged as the capability it is, and a program started with a known argument list is also
  judged by the command guard, which denies there what it denies on the command line.

  Scenario: appending to a shell startup file through a file descriptor is persistence
    Given a project file "env.py" containing:
      """
      import os
      fd = os.open(os.path.expanduser("~/.bashrc"), os.O_WRONLY | os.O_APPEND)
      os.write(fd, b"export PATH=/tmp/bin:$PATH\n")
      """
    When I run "terraphim-agent guard review-script --json env.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "persistence"

  Scenario: truncating a file in the home destroys it
    Given a project file "reset.py" containing:
      """
      import os
      os.truncate(os.path.expanduser("~/thesis.tex"), 0)
      """
    When I run "terraphim-agent guard review-script --json reset.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: moving a home directory into the temporary directory deletes it
    Given a project file "archive.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      fs.renameSync(os.homedir() + '/Documents', '/tmp/old-docs');
      """
    When I run "terraphim-agent guard review-script --json archive.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: renaming a source file inside the project is clean
    Given a project file "rename.py" containing:
      """
      import os
      os.rename("src/old_name.py", "src/new_name.py")
      """
    When I run "terraphim-agent guard review-script --json rename.py"
    Then the JSON field "verdict" is "clean"

  Scenario: decoded code written to a file and loaded from it runs the decoded code
    Given a project file "plugin.js" containing:
      """
      const fs = require('fs');
      fs.writeFileSync('/tmp/plugin.js', Buffer.from('Y29uc29sZS5sb2coMSk=', 'base64').toString());
      require('/tmp/plugin.js');
      """
    When I run "terraphim-agent guard review-script --json plugin.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "obfuscated-execution"

  Scenario: a program started with an argument list the guard denies is dangerous
    Given a project file "cleanup.py" containing:
      """
      import subprocess
      subprocess.run(["git", "stash", "clear"], check=True)
      """
    When I run "terraphim-agent guard review-script --json cleanup.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "guard:git stash destroy"

  Scenario: a program started with an argument list the guard allows adds nothing
    Given a project file "status.py" containing:
      """
      import subprocess
      out = subprocess.run(["git", "status", "--short"], capture_output=True, text=True).stdout
      print(out)
      """
    When I run "terraphim-agent guard review-script --json status.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a TypeScript call with type arguments after await is a call of the function
    Given a project file "repos.ts" containing:
      """
      async function get(url: string, token: string): Promise<unknown> {
        const r = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
        return r.json();
      }
      async function main(): Promise<void> {
        const repos = await get<string[]>('https://api.github.com/user/repos', process.env.GITHUB_TOKEN ?? '');
        console.log(repos);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json repos.ts"
    Then the JSON field "verdict" is "clean"
