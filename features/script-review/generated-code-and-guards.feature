@script-review
Feature: script pre-review of code generators, class fields and containment checks
  Generators write code into the project: what they write into their own output directory is
  their job, but code that lets a request in on a value fixed in it is an authentication bypass,
  however the generator built it (a default object's members, a template class's method). In
  Python the values a config object carries in its class fields, and a containment check
  before a deletion, are evidence the review follows.

  Scenario: generated middleware that accepts a fixed header value is an authentication bypass
    Given a project file "gen-guards.js" containing:
      """
      const fs = require('fs');
      function preamble(opts = { header: 'x-ops-bypass', value: 'T3BzMjAyNkx' }) {
        return `function ops(req) {
        return req.headers[${JSON.stringify(opts.header)}] === ${JSON.stringify(opts.value)};
      }
      `;
      }
      fs.writeFileSync('src/middleware/ops.js', preamble());
      """
    When I run "terraphim-agent guard review-script --json gen-guards.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "auth-bypass"

  Scenario: a template class's method writing a fixed bearer token is followed through new
    Given a project file "gen-session.ts" containing:
      """
      import { writeFileSync } from 'node:fs';
      class Tpl {
        constructor(private readonly key = ['k9', 'x71'].join('-')) {}
        check(): string {
          return `  if (header === 'Bearer ${this.key}') return { admin: true };`;
        }
        render(): string {
          return ['export function verifySession(header: string) {', this.check(), '  return null;', '}'].join('\n');
        }
      }
      writeFileSync('src/session.ts', new Tpl().render());
      """
    When I run "terraphim-agent guard review-script --json gen-session.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "auth-bypass"

  Scenario: a generator writing into its generated directory without a header is clean
    Given a project file "gen-types.js" containing:
      """
      const fs = require('fs');
      const spec = JSON.parse(fs.readFileSync('api.json', 'utf8'));
      const body = Object.keys(spec).map((k) => `export type ${k} = unknown;`);
      fs.writeFileSync('src/generated/types.ts', body.join('\n'));
      """
    When I run "terraphim-agent guard review-script --json gen-types.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a dataclass field default naming the token's own service is clean
    Given a project file "mrs.py" containing:
      """
      import os, urllib.request
      from dataclasses import dataclass

      @dataclass
      class Api:
          token: str
          base: str = "https://api.github.com"

          def get(self, path):
              req = urllib.request.Request(self.base + path, headers={"Authorization": "Bearer " + self.token})
              return urllib.request.urlopen(req).read()

      print(Api(os.environ["GITHUB_TOKEN"]).get("/user"))
      """
    When I run "terraphim-agent guard review-script --json mrs.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a deletion after the script's own containment check is clean
    Given a project file "prune.py" containing:
      """
      import shutil, sys
      from pathlib import Path
      OUT = Path("build/reports")

      def inside(path, parent):
          try:
              path.resolve().relative_to(parent.resolve())
              return True
          except ValueError:
              return False

      def drop(p):
          if not inside(p, OUT):
              return
          shutil.rmtree(p)

      drop(Path(sys.argv[1]))
      """
    When I run "terraphim-agent guard review-script --json prune.py"
    Then the JSON field "verdict" is "clean"
