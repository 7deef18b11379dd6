@script-review
Feature: script pre-review lets requests that send nothing through, and trusts downloads checked against their pins
  A request to a host not on the allow list is a finding when it sends something the script
  holds (a body, the project's data in its URL, a host name built around a value) or when the
  script stores what a fixed host serves without checking it. A destination the project's own
  files name (a link checker reading the docs) or a fixed URL whose response is only read is
  clean. A download compared with its pinned digest, the script stopping on a mismatch, is the
  artefact its pin names: making it executable installs a pinned tool.

  Scenario: a link checker reads its URLs from the project's docs
    Given a project file "check_links.py" containing:
      """
      import re
      import urllib.request
      from pathlib import Path

      broken = 0
      for page in Path("docs").glob("*.rst"):
          for url in re.findall(r"<(https?://[^>]+)>", page.read_text()):
              req = urllib.request.Request(url, method="HEAD")
              try:
                  urllib.request.urlopen(req, timeout=5)
              except Exception as exc:
                  broken += 1
                  print(f"{page}: {url}: {exc}")
      print(f"{broken} broken")
      """
    When I run "terraphim-agent guard review-script --json check_links.py"
    Then the JSON field "verdict" is "clean"

  Scenario: what a fixed host serves, stored in the project unchecked, is still a finding
    Given a project file "pull_rates.js" containing:
      """
      const fs = require('fs');
      (async () => {
        const res = await fetch('https://rates.example.dev/eur.json');
        fs.writeFileSync('fixtures/eur.json', await res.text());
      })();
      """
    When I run "terraphim-agent guard review-script --json pull_rates.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "network-unlisted-host"

  Scenario: a pinned download whose digest gates it may be made executable
    Given a project file "fetch_tool.py" containing:
      """
      import hashlib, json, os, sys, urllib.request

      lock = json.load(open("tool.lock.json"))
      dest = os.path.join("bin", lock["name"])
      with urllib.request.urlopen(lock["url"]) as resp:
          blob = resp.read()
      if hashlib.sha256(blob).hexdigest() != lock["sha256"]:
          sys.exit("checksum mismatch")
      with open(dest, "wb") as out:
          out.write(blob)
      os.chmod(dest, 0o755)
      """
    When I run "terraphim-agent guard review-script --json fetch_tool.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a mismatch that is only printed verifies nothing
    Given a project file "fetch_tool.py" containing:
      """
      import hashlib, json, os, urllib.request

      lock = json.load(open("tool.lock.json"))
      dest = os.path.join("bin", lock["name"])
      with urllib.request.urlopen(lock["url"]) as resp:
          blob = resp.read()
      if hashlib.sha256(blob).hexdigest() != lock["sha256"]:
          print("checksum mismatch")
      with open(dest, "wb") as out:
          out.write(blob)
      os.chmod(dest, 0o755)
      """
    When I run "terraphim-agent guard review-script --json fetch_tool.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "download-to-exec"

  Scenario: a host name built around a project file's text sends that text
    Given a project file "ping.ts" containing:
      """
      import { readFileSync } from 'node:fs';
      const tag = readFileSync('release/tag.txt', 'utf8').trim();
      await fetch(`${tag}.telemetry.example.dev/hello`);
      """
    When I run "terraphim-agent guard review-script --json ping.ts"
    Then the JSON field "verdict" is "suspicious"
