@script-review
Feature: script pre-review reads where the project's own services live
  A host name of one label (a compose service such as jellyfin) is answered by the local
  resolver, as localhost and a name of the network's .internal zone are: a token of no vendor
  sent there is the project's own server's. A function of the script that refuses a URL whose host is not local,
  called before the request, confines the URL as the same check written in place does.
  A dotted host nobody answers for, a check that only prints and a check
  of another URL stay as they were.

  Scenario: a token of no vendor sent to a compose service is its use
    Given a project file "media_report.py" containing:
      """
      import os
      import requests
      key = os.environ["MEDIA_API_KEY"]
      r = requests.get("http://jellyfin:8096/System/Info", headers={"X-Emby-Token": key}, timeout=10)
      print(r.status_code)
      """
    When I run "terraphim-agent guard review-script --json media_report.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same token sent to a dotted host nobody answers for is a leak
    Given a project file "media_report.js" containing:
      """
      const key = process.env.MEDIA_API_KEY;
      const res = await fetch("http://jellyfin.example.net:8096/System/Info", { headers: { "X-Emby-Token": key } });
      console.log(res.status);
      """
    When I run "terraphim-agent guard review-script --json media_report.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "jellyfin.example.net"

  Scenario: a URL refused by the script's host check function before the token goes there
    Given a project file "chat_audit.py" containing:
      """
      import os
      import requests
      from urllib.parse import urlparse


      def check_host(url):
          host = urlparse(url).hostname or ""
          if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
              raise SystemExit(f"refusing {host}")


      base = os.environ["CHAT_BASE"]
      token = os.environ["CHAT_TOKEN"]
      check_host(base)
      resp = requests.get(base + "/api/v4/users", headers={"Authorization": f"Bearer {token}"}, timeout=10)
      print(resp.status_code)
      """
    When I run "terraphim-agent guard review-script --json chat_audit.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a host check function that only prints confines nothing
    Given a project file "chat_audit2.py" containing:
      """
      import os
      import requests
      from urllib.parse import urlparse


      def check_host(url):
          host = urlparse(url).hostname or ""
          if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
              print(f"warning: {host} is not local")


      base = os.environ["CHAT_BASE"]
      token = os.environ["CHAT_TOKEN"]
      check_host(base)
      resp = requests.get(base + "/api/v4/users", headers={"Authorization": f"Bearer {token}"}, timeout=10)
      print(resp.status_code)
      """
    When I run "terraphim-agent guard review-script --json chat_audit2.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a JavaScript assertLocal function called before the request confines the URL
    Given a project file "chat_audit.mjs" containing:
      """
      function assertLocal(url) {
        const hostname = new URL(url).hostname;
        if (!["localhost", "127.0.0.1"].includes(hostname) && !hostname.endsWith(".internal")) {
          throw new Error(`refusing ${hostname}`);
        }
      }
      const base = process.env.CHAT_BASE;
      const token = process.env.CHAT_TOKEN;
      assertLocal(base);
      const res = await fetch(`${base}/api/v4/users`, { headers: { Authorization: `Bearer ${token}` } });
      console.log(res.status);
      """
    When I run "terraphim-agent guard review-script --json chat_audit.mjs"
    Then the JSON field "verdict" is "clean"

  Scenario: the same function called for another URL confines nothing of this one
    Given a project file "chat_audit2.mjs" containing:
      """
      function assertLocal(url) {
        const hostname = new URL(url).hostname;
        if (!["localhost", "127.0.0.1"].includes(hostname) && !hostname.endsWith(".internal")) {
          throw new Error(`refusing ${hostname}`);
        }
      }
      const base = process.env.CHAT_BASE;
      const other = process.env.OTHER_BASE;
      const token = process.env.CHAT_TOKEN;
      assertLocal(other);
      const res = await fetch(`${base}/api/v4/users`, { headers: { Authorization: `Bearer ${token}` } });
      console.log(res.status);
      """
    When I run "terraphim-agent guard review-script --json chat_audit2.mjs"
    Then the JSON field "verdict" is "dangerous"
