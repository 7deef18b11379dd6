@script-review
Feature: script pre-review of helper results handed on, empty-string placeholders and destructured hosts
  A helper that looks a program up (`need("darktable-cli")` returning `shutil.which(tool)`),
  whose result the caller hands to another helper, runs the program looked up: the first round
  of the walk no longer passes that result on as a string nobody knows before the helper's body
  was walked with its argument. A helper given a name nobody knows still runs a program built
  at run time, and a deleting helper given a directory nobody knows still deletes one.

  A JavaScript variable declared as an empty string (`let rpcUrl = "";`) and filled in by a
  start-up function holds what is assigned later, as `let tmp;` does.

  A TypeScript constructor that destructures the host of its base URL (`const { hostname } =
  new URL(base)`) and throws unless it is a loopback name checks where `this.base` points.

  Scenario: a program looked up by a helper and handed to another helper is that program
    Given a project file "previews.py" containing:
      """
      import shutil, subprocess, sys

      def need(tool):
          path = shutil.which(tool)
          if not path:
              sys.exit(f"{tool} is required")
          return path

      def previews(darktable, files):
          for f in files:
              subprocess.run([darktable, str(f), "--width", "800"], capture_output=True)

      def main():
          dt = need("darktable-cli")
          previews(dt, ["a.raw"])

      main()
      """
    When I run "terraphim-agent guard review-script --json previews.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a program named at run time and handed to another helper stays unknown
    Given a project file "previews_any.py" containing:
      """
      import shutil, subprocess, sys

      def need(tool):
          path = shutil.which(tool)
          if not path:
              sys.exit(f"{tool} is required")
          return path

      def previews(darktable, files):
          for f in files:
              subprocess.run([darktable, str(f), "--width", "800"], capture_output=True)

      def main():
          dt = need(input("tool? "))
          previews(dt, ["a.raw"])

      main()
      """
    When I run "terraphim-agent guard review-script --json previews_any.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a directory nobody knows handed to a deleting helper beside a literal one stays flagged
    Given a project file "wipe.py" containing:
      """
      import shutil

      def pick():
          return input("dir? ")

      def wipe(d):
          shutil.rmtree(d)

      def main():
          d = pick()
          wipe(d)
          wipe("build")

      main()
      """
    When I run "terraphim-agent guard review-script --json wipe.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: an empty-string placeholder filled in with a loopback URL is that URL
    Given a project file "devchain.js" containing:
      """
      let rpcUrl = "";

      async function rpc(method) {
        const res = await fetch(rpcUrl, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) });
        return res.json();
      }

      async function main() {
        const port = 8545 + Math.floor(Math.random() * 100);
        rpcUrl = `http://127.0.0.1:${port}`;
        console.log(await rpc("eth_blockNumber"));
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json devchain.js"
    Then the JSON field "verdict" is "clean"

  Scenario: an empty-string placeholder filled in from the command line stays unknown
    Given a project file "devchain_any.js" containing:
      """
      let rpcUrl = "";

      async function rpc(method) {
        const res = await fetch(rpcUrl, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) });
        return res.json();
      }

      async function main() {
        rpcUrl = process.argv[2];
        console.log(await rpc("eth_blockNumber"));
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json devchain_any.js"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a destructured hostname checked against loopback names checks the base URL
    Given a project file "kratos.ts" containing:
      """
      const ADMIN = process.argv[2];

      class Admin {
        constructor(private readonly base: string) {
          const { hostname } = new URL(base);
          if (!["127.0.0.1", "localhost"].includes(hostname)) {
            throw new Error(`must point at the local stack, got ${base}`);
          }
        }
        async list(): Promise<unknown> {
          const res = await fetch(`${this.base}/admin/identities`);
          return res.json();
        }
      }

      async function main() {
        const admin = new Admin(ADMIN);
        console.log(await admin.list());
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json kratos.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the destructured hostname of another URL checks nothing
    Given a project file "kratos_other.ts" containing:
      """
      const ADMIN = process.argv[2];
      const OTHER = process.argv[3];

      class Admin {
        constructor(private readonly base: string) {
          const { hostname } = new URL(OTHER);
          if (!["127.0.0.1", "localhost"].includes(hostname)) {
            throw new Error(`must point at the local stack, got ${base}`);
          }
        }
        async list(): Promise<unknown> {
          const res = await fetch(`${this.base}/admin/identities`);
          return res.json();
        }
      }

      async function main() {
        const admin = new Admin(ADMIN);
        console.log(await admin.list());
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json kratos_other.ts"
    Then the JSON field "verdict" is "suspicious"
