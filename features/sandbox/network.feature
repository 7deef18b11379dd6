Feature: a network allow-list reaches only the listed hosts, through the guard's proxy
  A profile whose `network` is a list of host patterns runs the command in a network namespace
  of its own: the only connection it can make is to an HTTP proxy the guard runs outside the
  sandbox (HTTP_PROXY, HTTPS_PROXY and ALL_PROXY point at it), and the proxy reaches only the
  hosts on the list. The proxy resolves names, so the sandbox itself resolves nothing. A host
  that is not on the list is answered 403 and reported as a `network` violation naming it. Here
  the registry is a fake one on loopback, run by the test, whose name only the scenario's
  profile maps to 127.0.0.1 (`resolve`); no outside address is ever used.

  Background:
    Given a fake package registry on loopback
    And a sandbox profile "fakereg" based on "install" that reaches only "registry.fake.test:{registry_port}", with "registry.fake.test" mapped to loopback

  Scenario: a download from a listed host works and lands in the project; a second host is refused
    When I run "curl -sS http://registry.fake.test:{registry_port}/pkg.txt -o pkg.txt && curl -sS -o /dev/null -w 'second=%{http_code}' http://second.fake.test:{registry_port}/pkg.txt" sandboxed with profile "fakereg" with namespaces
    Then the report field "exit_code" is "0"
    And stdout contains "second=403"
    And the installed project file "pkg.txt" contains "hello from the fake registry"
    And the fake registry received "GET /pkg.txt"
    And the report has a "network" violation with evidence containing "proxy: GET http://second.fake.test"
    And the report field "violations.0.detail" contains "host second.fake.test:"
    And the report field "violations.0.detail" contains "is not on the network allow-list"
    And the report field "violations.0.program" contains "curl"
    And the report field "network_reached" contains "registry.fake.test"

  Scenario: an HTTPS-style tunnel (CONNECT) to a listed host works, and to another host is refused
    When I run "curl -sS --proxytunnel http://registry.fake.test:{registry_port}/pkg.txt; curl -sS --proxytunnel http://other.fake.test:{registry_port}/pkg.txt; echo rc=$?" sandboxed with profile "fakereg" with namespaces
    Then stdout contains "hello from the fake registry"
    And stdout contains "rc=56"
    And the report has a "network" violation with evidence containing "proxy: CONNECT other.fake.test"

  Scenario: npm ci installs a locked package from a listed registry, on the copy-on-write project
    Given npm is installed
    And the project installs "fakepkg@1.0.0" from "http://registry.fake.test:{registry_port}/fakepkg/-/fakepkg-1.0.0.tgz" with an npm lock file
    When I run "npm ci --no-audit --no-fund --no-update-notifier" sandboxed with profile "fakereg" with namespaces
    Then the report field "exit_code" is "0"
    And the report has no violations
    And the report field "workspace.verdict" is "applied"
    And the installed project file "node_modules/fakepkg/index.js" contains "fakepkg 1.0.0 from the fake registry"
    And the fake registry received "GET /fakepkg/-/fakepkg-1.0.0.tgz"

  Scenario: npm ci installs offline from the host's npm cache, which the run reads but never changes
    Given npm is installed
    And the project installs "fakepkg@1.0.0" from "http://registry.fake.test:{registry_port}/fakepkg/-/fakepkg-1.0.0.tgz" with an npm lock file
    And the host's npm cache holds "http://127.0.0.1:{registry_port}/fakepkg/-/fakepkg-1.0.0.tgz"
    When I run "npm ci --offline --no-audit --no-fund --no-update-notifier" sandboxed with profile "fakereg" with namespaces
    Then the report field "exit_code" is "0"
    And the installed project file "node_modules/fakepkg/index.js" contains "fakepkg 1.0.0 from the fake registry"
    And the fake registry received nothing
    And the host's npm cache is unchanged

  Scenario: npm ci writes the npm cache it downloads into, and the host's cache stays as it was
    Given npm is installed
    And the project installs "fakepkg@1.0.0" from "http://registry.fake.test:{registry_port}/fakepkg/-/fakepkg-1.0.0.tgz" with an npm lock file
    And the host has an npm cache
    When I run "npm ci --no-audit --no-fund --no-update-notifier && ls $HOME/.npm" sandboxed with profile "fakereg" with namespaces
    Then the report field "exit_code" is "0"
    And stdout contains "_cacache"
    And the installed project file "node_modules/fakepkg/index.js" contains "fakepkg 1.0.0 from the fake registry"
    And the fake registry received "GET /fakepkg/-/fakepkg-1.0.0.tgz"
    And the host's npm cache is unchanged

  Scenario: npm ci from a registry host that is not on the list fails and names the host
    Given npm is installed
    And the project installs "fakepkg@1.0.0" from "http://mirror.fake.test:{registry_port}/fakepkg/-/fakepkg-1.0.0.tgz" with an npm lock file
    When I run "npm ci --no-audit --no-fund --no-update-notifier --fetch-retries=0" sandboxed with profile "fakereg" with namespaces
    Then the report has a "network" violation with evidence containing "mirror.fake.test"
    And the report field "workspace.verdict" is "unchanged"
    And the fake registry received nothing

  Scenario: a connection around the proxy is refused and reported, and reaches nothing
    When I run "curl -sS --noproxy '*' http://127.0.0.1:{registry_port}/pkg.txt; echo hi > /dev/tcp/127.0.0.1/{registry_port}; echo done" sandboxed with profile "fakereg" with namespaces
    Then stdout contains "done"
    And the report has a "network" violation with evidence containing "seccomp: connect() to 127.0.0.1:"
    And the report field "violations.0.detail" contains "not through the guard's proxy"
    And the fake registry received nothing

  Scenario: the sandbox resolves no name itself (no DNS channel out of it)
    When I run "getent hosts nothing.fake.test; echo rc=$?" sandboxed with profile "fakereg" with namespaces
    Then stdout contains "rc=2"
    And the report has a "network" violation with evidence containing "SOCK_DGRAM"

  Scenario: a listed name that resolves to loopback is refused (only the profile's own table may map there)
    Given a sandbox profile "lolist" based on "install" that reaches only "localhost:{registry_port}, registry.fake.test:{registry_port}", with "registry.fake.test" mapped to loopback
    When I run "curl -sS -o /dev/null -w 'code=%{http_code}' http://localhost:{registry_port}/pkg.txt" sandboxed with profile "lolist" with namespaces
    Then stdout contains "code=403"
    And the report has a "network" violation with evidence containing "resolves only to loopback or private addresses"
    And the fake registry received nothing

  Scenario: without namespaces an allow-list is not weakened: the run falls back to no network
    When I run "curl -sS http://registry.fake.test:{registry_port}/pkg.txt" sandboxed with profile "fakereg" without namespaces
    Then the report field "profile" is "readonly"
    And the report has a "network" violation
    And the fake registry received nothing
    And the project file "pkg.txt" does not exist

  Scenario: with the network denied, a request by name is refused with the host named, and a direct connect with its address
    When I run "curl -sS -o /dev/null -w 'code=%{http_code}' http://api.fake.test:{registry_port}/pkg.txt; echo hi > /dev/tcp/127.0.0.1/{registry_port}; echo done" sandboxed with profile "readonly" with namespaces
    Then stdout contains "code=403"
    And stdout contains "done"
    And the report has a "network" violation with evidence containing "proxy: GET http://api.fake.test:"
    And the report field "violations.0.detail" contains "denied: the network is denied"
    And the report field "violations.0.target.type" is "host"
    And the report field "violations.0.target.host" is "api.fake.test"
    And the report field "violations.0.program" contains "curl"
    And the report has a "network" violation with evidence containing "seccomp: connect() to 127.0.0.1:"
    And the report field "violations.1.target.type" is "address"
    And the report field "violations.1.target.ip" is "127.0.0.1"
    And the fake registry received nothing

  Scenario: with the network denied and no namespaces, the socket itself is refused and no host can be named
    When I run "curl -sS http://api.fake.test:{registry_port}/pkg.txt; echo hi > /dev/tcp/127.0.0.1/{registry_port}; echo done" sandboxed with profile "readonly" without namespaces
    Then stdout contains "done"
    And the report has a "network" violation with evidence containing "seccomp: socket(AF_INET"
    And the report field "violations.0.detail" contains "socket(AF_INET"
    And the fake registry received nothing

  Scenario: guard profiles shows the install profile and its allow-list
    When I run "terraphim-agent guard profiles"
    Then the exit code is 0
    And stdout contains "install  (<embedded>/install.toml)"
    And stdout contains "allow-list: @registries"
    And stdout contains "caches         @package-caches"
    And stdout contains "an overlay over the host's"
    And stdout contains "the guard's HTTP proxy outside the sandbox"

  Scenario Outline: package installs the KG names run under the install profile
    When I check "<command>"
    Then the verdict is sandbox
    And the profile is "<profile>"

    Examples:
      | command                          | profile   |
      | npm install express              | install   |
      | pip install -r reqs/base.in      | install   |
      | uv sync --extra dev              | install   |
      | npm install left-pad             | install   |
      | npm install && frobnicate        | workspace |
      | pip install git+https://github.com/x/y | readonly |
