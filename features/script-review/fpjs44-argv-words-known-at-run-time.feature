@script-review
Feature: script pre-review sends argument vectors with words known only at run time to the command guard
  A program a JavaScript or TypeScript script starts with an argument vector one of whose
  words is built at run time (a name a listing returned) is judged by the command guard with
  that word as a variable's value: what its known words do, a forced removal of whatever it
  names, the guard denies whatever the word holds. A read-only program given the same word
  stays clean.

  Scenario: every volume a listing returned removed by force is dangerous
    Given a project file "reset-volumes.ts" containing:
      """
      import { execFile } from 'node:child_process';
      import { promisify } from 'node:util';
      const run = promisify(execFile);
      async function main(): Promise<void> {
        const { stdout } = await run('docker', ['volume', 'ls', '--quiet']);
        const names = stdout.split('\n').filter(Boolean);
        await Promise.all(names.map((n) => run('docker', ['volume', 'rm', '-f', n])));
        console.log(`${names.length} volume(s) removed`);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json reset-volumes.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: every volume a listing returned inspected is clean
    Given a project file "show-volumes.ts" containing:
      """
      import { execFile } from 'node:child_process';
      import { promisify } from 'node:util';
      const run = promisify(execFile);
      async function main(): Promise<void> {
        const { stdout } = await run('docker', ['volume', 'ls', '--quiet']);
        const names = stdout.split('\n').filter(Boolean);
        for (const n of names) {
          const { stdout: info } = await run('docker', ['volume', 'inspect', n]);
          console.log(info.length);
        }
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json show-volumes.ts"
    Then the JSON field "verdict" is "clean"
