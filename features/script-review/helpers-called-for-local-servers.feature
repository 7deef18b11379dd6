@script-review
Feature: a helper called with several URLs of this machine contacts this machine
  A helper's body is walked with the union of its calls' arguments. When every call gives a URL
  on this machine (`localhost`, `127.0.0.1`, `[::1]`), any of them stands for all; one URL
  elsewhere keeps the host unknown, and data sent through the helper is judged as before.

  Scenario: a dev-server script waits for two local servers
    Given a project file "dev.js" containing:
      """
      const http = require("http");
      function waitFor(url) {
        return new Promise((resolve) => {
          http.get(url, (res) => resolve(res.statusCode));
        });
      }
      async function main() {
        await waitFor("http://localhost:4000/health");
        await waitFor("http://127.0.0.1:3000/");
        console.log("both servers answer");
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json dev.js"
    Then the JSON field "verdict" is "clean"

  Scenario: one of the URLs on another host keeps the request flagged
    Given a project file "dev.js" containing:
      """
      const http = require("http");
      function waitFor(url) {
        http.get(url, (res) => console.log(res.statusCode));
      }
      waitFor("http://localhost:4000/health");
      waitFor("http://status.example-unlisted.dev/ping");
      """
    When I run "terraphim-agent guard review-script --json dev.js"
    Then the JSON field "verdict" is "suspicious"
