@script-review
Feature: script pre-review reads the host a check restricts from the check itself
  A token request to a host built at run time is lowered only where a check that leaves on its
  other branch (`throw`, `process.exit`, `raise`, `sys.exit`, `return`) restricts that host to
  this machine, the network's own zone or the token's documented host: a plain host variable
  (`SITE.endsWith('.internal')`), a regular expression anchored at the end after an escaped
  dot (`/\.internal$/.test(host)`, `re.match(r".*\.internal$", host)`), the URL a URL object
  was made of, or a member path (`new URL(cfg.base).hostname`). The script's text naming the
  zone elsewhere checks nothing. Each benign form has its twin: a failure branch that only
  logs, a check of another variable, a regex without the end anchor stay dangerous.

  Scenario: a JavaScript tool sends its token only to a site it checks ends in .internal
    Given a project file "tools/ha.js" containing:
      """
      const SITE = process.env.HA_HOST || '';
      if (!SITE.endsWith('.internal')) throw new Error('SITE must be *.internal');
      const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
      async function api(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        return res.json();
      }
      api('/api/states').then((s) => console.log(s.length));
      """
    When I run "terraphim-agent guard review-script --json tools/ha.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same site checked by a regex anchored at the end goes there too
    Given a project file "tools/ha.js" containing:
      """
      const SITE = process.env.HA_HOST || '';
      if (!/^[a-z0-9-]+\.internal$/.test(SITE)) { console.error('bad site'); process.exit(1); }
      const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
      async function api(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        return res.json();
      }
      api('/api/states').then((s) => console.log(s.length));
      """
    When I run "terraphim-agent guard review-script --json tools/ha.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same regex check whose failure branch only logs sends the token anywhere
    Given a project file "tools/ha.js" containing:
      """
      const SITE = process.env.HA_HOST || '';
      if (!/^[a-z0-9-]+\.internal$/.test(SITE)) { console.error('bad site'); }
      const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
      async function api(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        return res.json();
      }
      api('/api/states').then((s) => console.log(s.length));
      """
    When I run "terraphim-agent guard review-script --json tools/ha.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a check of another variable says nothing of the site the token goes to
    Given a project file "tools/ha.js" containing:
      """
      const SITE = process.env.HA_HOST || '';
      const OTHER = process.env.MQTT_HOST || '';
      if (!OTHER.endsWith('.internal')) throw new Error('OTHER must be *.internal');
      const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
      async function api(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        return res.json();
      }
      api('/api/states').then((s) => console.log(s.length));
      """
    When I run "terraphim-agent guard review-script --json tools/ha.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a regex without the end anchor lets x.internal.example.com through
    Given a project file "tools/ha.js" containing:
      """
      const base = process.env.HA_URL || '';
      const u = new URL(base);
      if (!/\.internal/.test(u.hostname)) throw new Error('not internal');
      async function api(p) {
        const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${process.env.HASS_TOKEN}` } });
        return res.json();
      }
      api('/api/states').then((s) => console.log(s.length));
      """
    When I run "terraphim-agent guard review-script --json tools/ha.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a URL member checked in a helper through new URL points at the hosts it lets through
    Given a project file "tools/fleet.js" containing:
      """
      function settings() {
        const merged = { ...process.env };
        const host = new URL(merged.FLEET_URL).hostname;
        if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`Fleet server ${host} is not ours`);
        return { base: merged.FLEET_URL.replace(/\/$/, ''), token: merged.FLEETDM_API_TOKEN };
      }
      async function main() {
        const { base, token } = settings();
        const res = await fetch(`${base}/api/v1/fleet/teams`, { headers: { authorization: `Bearer ${token}` } });
        console.log((await res.json()).teams.length);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json tools/fleet.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a Python tool checks the URL's host with re.match anchored at the end
    Given a project file "tools/ha.py" containing:
      """
      import os
      import re
      import sys
      from urllib.parse import urlparse

      import requests


      def main():
          base = os.environ.get("HA_URL", "")
          host = urlparse(base).hostname or ""
          if not re.match(r".*\.internal$", host):
              sys.exit("not an internal host")
          r = requests.get(f"{base}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
          print(len(r.json()))


      main()
      """
    When I run "terraphim-agent guard review-script --json tools/ha.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same check by re.search without the anchor is no check
    Given a project file "tools/ha.py" containing:
      """
      import os
      import re
      import sys
      from urllib.parse import urlparse

      import requests


      def main():
          base = os.environ.get("HA_URL", "")
          host = urlparse(base).hostname or ""
          if not re.search(r"\.internal", host):
              sys.exit("not an internal host")
          r = requests.get(f"{base}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
          print(len(r.json()))


      main()
      """
    When I run "terraphim-agent guard review-script --json tools/ha.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a Python host variable checked with endswith and sys.exit holds the internal host
    Given a project file "tools/ha.py" containing:
      """
      import os
      import sys

      import requests


      def main():
          site = os.environ.get("HA_HOST", "")
          if not site.endswith(".internal"):
              sys.exit("HA_HOST must be an internal host")
          r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
          print(len(r.json()))


      main()
      """
    When I run "terraphim-agent guard review-script --json tools/ha.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same host variable check that only prints sends the token wherever HA_HOST points
    Given a project file "tools/ha.py" containing:
      """
      import os
      import sys

      import requests


      def main():
          site = os.environ.get("HA_HOST", "")
          if not site.endswith(".internal"):
              print("HA_HOST should be an internal host")
          r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
          print(len(r.json()))


      main()
      """
    When I run "terraphim-agent guard review-script --json tools/ha.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a URL made against a base whose host a check restricted goes to that host
    Given a project file "tools/octo.js" containing:
      """
      const KEY = process.env.OCTO_API_KEY;
      const BASE = new URL(process.env.OCTOPRINT_URL);
      if (!(BASE.hostname === 'localhost' || BASE.hostname.endsWith('.internal'))) {
        throw new Error(`url ${BASE.origin} is not a workshop host`);
      }

      async function octo(route) {
        const url = new URL(route, BASE);
        const res = await fetch(url, { headers: { 'X-Api-Key': KEY } });
        return res.json();
      }

      octo(process.argv[2] || '/api/job').then((job) => console.log(job.state));
      """
    When I run "terraphim-agent guard review-script --json tools/octo.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same base check that only warns leaves the request's host unknown
    Given a project file "tools/octo.js" containing:
      """
      const KEY = process.env.OCTO_API_KEY;
      const BASE = new URL(process.env.OCTOPRINT_URL);
      if (!(BASE.hostname === 'localhost' || BASE.hostname.endsWith('.internal'))) {
        console.warn(`url ${BASE.origin} is not a workshop host`);
      }

      async function octo(route) {
        const url = new URL(route, BASE);
        const res = await fetch(url, { headers: { 'X-Api-Key': KEY } });
        return res.json();
      }

      octo(process.argv[2] || '/api/job').then((job) => console.log(job.state));
      """
    When I run "terraphim-agent guard review-script --json tools/octo.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a constant holding the host condition checked with throw keeps the token off unknown hosts
    Given a project file "tools/matomo.ts" containing:
      """
      class Matomo {
        private readonly endpoint: string;
        constructor(base: string, private readonly token: string) {
          const u = new URL(base);
          const okHost = u.hostname === "localhost" || u.hostname.endsWith(".internal");
          if (!okHost) throw new Error(`host ${u.hostname} is not ours`);
          this.endpoint = `${u.origin}/index.php`;
        }
        async archive(): Promise<void> {
          const body = new URLSearchParams({ module: "API", method: "CoreAdminHome.runScheduledTasks", token_auth: this.token });
          const res = await fetch(this.endpoint, { method: "POST", body });
          console.log(res.status);
        }
      }
      const m = new Matomo(process.env.MATOMO_URL ?? "", process.env.PIWIK_TOKEN_AUTH ?? "");
      m.archive();
      """
    When I run "terraphim-agent guard review-script --json tools/matomo.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same constant checked with a warning only sends the token anywhere
    Given a project file "tools/matomo.ts" containing:
      """
      class Matomo {
        private readonly endpoint: string;
        constructor(base: string, private readonly token: string) {
          const u = new URL(base);
          const okHost = u.hostname === "localhost" || u.hostname.endsWith(".internal");
          if (!okHost) console.warn(`host ${u.hostname} is not ours`);
          this.endpoint = `${u.origin}/index.php`;
        }
        async archive(): Promise<void> {
          const body = new URLSearchParams({ module: "API", method: "CoreAdminHome.runScheduledTasks", token_auth: this.token });
          const res = await fetch(this.endpoint, { method: "POST", body });
          console.log(res.status);
        }
      }
      const m = new Matomo(process.env.MATOMO_URL ?? "", process.env.PIWIK_TOKEN_AUTH ?? "");
      m.archive();
      """
    When I run "terraphim-agent guard review-script --json tools/matomo.ts"
    Then the JSON field "verdict" is "dangerous"
