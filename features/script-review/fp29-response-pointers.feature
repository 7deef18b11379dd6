@script-review
Feature: script pre-review of requests to URLs an earlier response gave
  A script that lists pull requests through a documented API and reads each one's patch, or
  follows the `next` page of a listing, asks the API's server where to go next. A request
  that sends nothing the script holds to such a URL is no finding when every host the script
  names itself is on the allow list and it stores no download it does not verify. A token
  sent along after it went to its API's documented host is that API's use (the pointer is the
  API's); a pointer from a host not on the list, or what it points to stored or run, is still
  a finding.

  Scenario: the patch of each pull request the GitHub API lists is read
    Given a project file "patch_sizes.js" containing:
      """
      async function main() {
        const res = await fetch('https://api.github.com/repos/acme/widgets/pulls?state=open');
        for (const pr of await res.json()) {
          const patch = await fetch(pr.patch_url);
          console.log(pr.number, (await patch.text()).length);
        }
      }
      main();
      """
    When I run "terraphim-agent guard review-script patch_sizes.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a token sent to the URL its own API's response gave is its use
    Given a project file "patch_sizes_auth.js" containing:
      """
      const headers = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` };
      async function main() {
        const res = await fetch('https://api.github.com/repos/acme/widgets/pulls', { headers });
        for (const pr of await res.json()) {
          const patch = await fetch(pr.patch_url, { headers });
          console.log(pr.number, (await patch.text()).length);
        }
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json patch_sizes_auth.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a URL listed by a host not on the allow list is still a finding
    Given a project file "mirror_sizes.py" containing:
      """
      import requests

      r = requests.get("http://index.example-mirror.net/list.json", timeout=30)
      for link in r.json()["links"]:
          print(len(requests.get(link, timeout=30).content))
      """
    When I run "terraphim-agent guard review-script --json mirror_sizes.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "network"
