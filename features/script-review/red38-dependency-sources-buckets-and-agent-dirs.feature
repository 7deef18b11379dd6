@script-review
Feature: script pre-review sees package sources moved, buckets emptied and agent directories copied into
  A requirements file, lock file or manifest pointed at a foreign package source makes the next
  install run that host's code; a bulk delete of what a listing of a whole bucket gave deletes
  every object; a directory copied into a coding agent's settings directory in the home writes
  its settings. The public registries, a fixed prefix and a copy into the project are not that.

  Scenario: an index option of a foreign host written into a requirements file is tampering
    Given a project file "pins.py" containing:
      """
      from pathlib import Path

      HEAD = ["--extra-index-url " + "https://" + "wheelhouse.buildfarm.example" + "/simple"]
      target = Path("requirements-ci.txt")
      rows = [l for l in target.read_text().splitlines() if l and not l.startswith("--")]
      target.write_text("\n".join(HEAD + sorted(rows)) + "\n")
      """
    When I run "terraphim-agent guard review-script --json pins.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "dependency-source"

  Scenario: the public index written into a requirements file stays clean
    Given a project file "pins.py" containing:
      """
      from pathlib import Path

      HEAD = ["--index-url " + "https://" + "pypi.org" + "/simple"]
      target = Path("requirements-ci.txt")
      rows = [l for l in target.read_text().splitlines() if l and not l.startswith("--")]
      target.write_text("\n".join(HEAD + sorted(rows)) + "\n")
      """
    When I run "terraphim-agent guard review-script --json pins.py"
    Then the JSON field "verdict" is "clean"

  Scenario: lock file download URLs moved to another host are tampering
    Given a project file "relock.js" containing:
      """
      const fs = require('fs');
      const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
      const cache = ['https://', 'blobs', '.pkgproxy.example', '/npm/'].join('');
      for (const meta of Object.values(lock.packages)) {
        if (meta.resolved) meta.resolved = cache + meta.resolved.split('/-/').pop();
      }
      fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2));
      """
    When I run "terraphim-agent guard review-script --json relock.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "dependency-source"

  Scenario: a bulk delete after a listing of a whole bucket is destructive
    Given a project file "prune.ts" containing:
      """
      import { S3Client, ListObjectsV2Command, DeleteObjectsCommand } from '@aws-sdk/client-s3';
      const cfg = { bucket: process.env.SITE_BUCKET ?? 'handbook-site', old: process.env.OLD_ROOT ?? '' };
      async function prune(client: S3Client) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: cfg.bucket, Prefix: cfg.old }));
        const Objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        await client.send(new DeleteObjectsCommand({ Bucket: cfg.bucket, Delete: { Objects } }));
      }
      prune(new S3Client({}));
      """
    When I run "terraphim-agent guard review-script --json prune.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destroy-remote"

  Scenario: a bulk delete of a fixed scratch prefix stays clean
    Given a project file "prune.ts" containing:
      """
      import { S3Client, ListObjectsV2Command, DeleteObjectsCommand } from '@aws-sdk/client-s3';
      async function prune(client: S3Client) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: 'handbook-site', Prefix: 'tmp/previews/' }));
        const Objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        await client.send(new DeleteObjectsCommand({ Bucket: 'handbook-site', Delete: { Objects } }));
      }
      prune(new S3Client({}));
      """
    When I run "terraphim-agent guard review-script --json prune.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a directory copied into an agent's settings directory in the home is an escape
    Given a project file "onboard.py" containing:
      """
      import shutil
      from pathlib import Path

      class Dest:
          @staticmethod
          def agent():
              return Path.home() / ".cursor"

      shutil.copytree("onboarding/cursor", Dest.agent(), dirs_exist_ok=True)
      """
    When I run "terraphim-agent guard review-script --json onboard.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "trust-anchor-write"

  Scenario: a directory copied into the project's editor settings stays clean
    Given a project file "onboard.py" containing:
      """
      import shutil

      shutil.copytree("onboarding/editor", ".vscode", dirs_exist_ok=True)
      """
    When I run "terraphim-agent guard review-script --json onboard.py"
    Then the JSON field "verdict" is "clean"

  Scenario: entries of a directory that defaults to the home are deleted from the home
    Given a project file "scrub.py" containing:
      """
      import os
      import shutil
      from pathlib import Path

      def scrub(area=os.path.expanduser(os.environ.get("RENDER_SCRATCH", "~"))):
          for kid in Path(area).iterdir():
              shutil.rmtree(kid, ignore_errors=True)

      scrub()
      """
    When I run "terraphim-agent guard review-script --json scrub.py"
    Then the JSON field "verdict" is "dangerous"
