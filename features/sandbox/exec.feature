Feature: guard exec runs a command confined and reports what it stopped
  A command routed to the SANDBOX tier runs under a profile. Every escape it tries fails, and the
  outcome report names each attempt with its violation kind and the evidence it came from, so the
  learning loop can use it. Each rule holds with namespaces and with the native backend alone.

  Background:
    Given a planted secret "{home}/.ssh/id_ed25519"
    And a project file "README" containing:
      """
      hello from the project
      """
    And a sandbox profile "tight" based on "readonly" with:
      """
      wall_seconds = 2
      max_processes = 16
      """

  Scenario Outline: an ordinary command works and leaves a clean report (<backend>)
    When I run "ls && cat README | wc -l" sandboxed with profile "readonly" <backend>
    Then the exit code is 0
    And stdout contains "README"
    And the report has no violations
    And the report field "backend" is "<name>"

    Examples:
      | backend            | name         |
      | with namespaces    | native+ns    |
      | without namespaces | native       |

  Scenario Outline: a planted secret under HOME/.ssh cannot be read (<backend>)
    When I run "cat {home}/.ssh/id_ed25519" sandboxed with profile "readonly" <backend>
    Then the exit code is 1
    And the output does not contain the secret
    And the report has a "fs-read" violation

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a symlink inside the project does not lead to the secret (<backend>)
    Given a symlink "leak" in the project pointing to "{home}/.ssh/id_ed25519"
    When I run "cat leak" sandboxed with profile "readonly" <backend>
    Then the output does not contain the secret
    And the report has a "fs-read" violation

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a .env file below the top of the project cannot be read (<backend>)
    Given a project file "services/api/.env" containing:
      """
      API_KEY=nested-secret-91c4
      """
    When I run "cat services/api/.env" sandboxed with profile "readonly" <backend>
    Then the exit code is 1
    And stdout does not contain "nested-secret-91c4"
    And the report has a "fs-read" violation

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario: a datagram Unix socket cannot be made where the network is denied
    When I run "/usr/bin/python3 -c 'import socket; socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)'" sandboxed with profile "readonly" with namespaces
    Then the exit code is 1
    And the report has a "network" violation with evidence containing "socket(AF_UNIX, SOCK_DGRAM)"

  Scenario Outline: writing into the read-only project is stopped and reported (<backend>)
    When I run "echo pwned > README" sandboxed with profile "readonly" <backend>
    Then the exit code is 1
    And the project file "README" does not contain "pwned"
    And the report has a "fs-write" violation

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a TCP connection to a loopback listener is refused by seccomp (<backend>)
    Given a loopback TCP listener
    When I run "echo hi > /dev/tcp/127.0.0.1/{port}" sandboxed with profile "readonly" <backend>
    Then the listener got no connection
    And the report has a "network" violation with evidence containing "<evidence>"

    Examples:
      | backend            | evidence                                  |
      | with namespaces    | seccomp: connect() to 127.0.0.1:          |
      | without namespaces | seccomp: socket(AF_INET, SOCK_STREAM)     |

  Scenario Outline: secrets in the environment are not passed in (<backend>)
    Given the environment variable "GITHUB_TOKEN" is "ghp-secret-value"
    When I run "echo token=$GITHUB_TOKEN" sandboxed with profile "readonly" <backend>
    Then the exit code is 0
    And stdout does not contain "ghp-secret-value"
    And the report has a "env" violation
    And the report field "env_removed" contains "GITHUB_TOKEN"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a command past the wall-clock limit is killed with everything it started (<backend>)
    When I run "setsid sleep 30 & sleep 30" sandboxed with profile "tight" <backend>
    Then the exit code is 124
    And the report has a "wall-time" violation with evidence containing "supervisor: wall clock 2 s exceeded"
    And the report field "timed_out" is "true"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a process that ends just after the command is not a leftover (<backend>)
    A helper that its parent left behind on an error ends as soon as it reads the closed pipe:
    it did not outlive the command, and blaming it would mislead the learning loop.
    When I run "(sleep 0.05 &); true" sandboxed with profile "tight" <backend>
    Then the exit code is 0
    And the report has no violations

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a process that keeps running after the command is killed and reported (<backend>)
    When I run "(setsid sleep 30 &); true" sandboxed with profile "tight" <backend>
    Then the exit code is 0
    And the report has a "spawn" violation with evidence containing "still running after the command exited"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a fork bomb stops at the profile's process cap (<backend>)
    When I run "bomb() { bomb | bomb; }; bomb" sandboxed with profile "tight" <backend>
    Then the exit code is 124
    And the report has a "spawn" violation with evidence containing "refused with EAGAIN"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario: git hooks stay read-only under the build profile
    Given a project file ".git/hooks/README" containing:
      """
      hooks
      """
    When I run "echo evil > .git/hooks/pre-commit" sandboxed with profile "build" with namespaces
    Then the project file ".git/hooks/pre-commit" does not exist
    And the report has a "fs-write" violation

  Scenario: without namespaces the build profile refuses to leave git hooks writable
    Given a project file ".git/hooks/README" containing:
      """
      hooks
      """
    When I run "echo evil > .git/hooks/pre-commit" sandboxed with profile "build" without namespaces
    Then the exit code is 125
    And stderr contains "refusing to run"
    And stderr contains "inside a writable root"
    And the project file ".git/hooks/pre-commit" does not exist

  Scenario Outline: a setuid bit cannot be left in the project for the host (<backend>)
    When I run "cp /bin/true suidsh && chmod 4755 suidsh" sandboxed with profile "build" <backend>
    Then the exit code is 1
    And the project file "suidsh" has no setuid or setgid bit
    And the report has a "fs-write" violation with evidence containing "(mode 4755)"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: a protected path that did not exist is removed after the run and reported (<backend>)
    When I run "mkdir -p .github/workflows && echo 'on: push' > .github/workflows/ci.yml" sandboxed with profile "build" <backend>
    Then the project file ".github/workflows" does not exist
    And the report has a "fs-write" violation with evidence containing "supervisor: post-run check"

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario Outline: the host's device nodes keep their metadata, and still work (<backend>)
    When I run "echo ok > /dev/null && touch -d 2001-01-01 /dev/full" sandboxed with profile "readonly" <backend>
    Then the exit code is 1
    And the report has a "fs-write" violation

    Examples:
      | backend            |
      | with namespaces    |
      | without namespaces |

  Scenario: strict refuses a second program at once and names its rule
    When I run "ls; echo a | cat" sandboxed with profile "strict" with namespaces
    Then stderr contains "max_processes = 1"
    And the report has a "spawn" violation with evidence containing "refused with EPERM"

  Scenario: the environment cannot turn the namespaces off
    Given the environment variable "TERRAPHIM_GUARD_NO_BWRAP" is "1"
    When I run "true" sandboxed with profile "readonly" with namespaces
    Then the exit code is 0
    And the report field "backend" is "native+ns"

  Scenario: a profile that writes the project refuses a project that is the home directory
    Given a file "{home}/.profile" containing:
      """
      export EDITOR=vi
      """
    When I run "terraphim-agent guard exec --profile build -- sh -c 'echo planted >> .profile'" in the home directory
    Then the exit code is 125
    And stderr contains "is the home directory or holds it"
    And the file "{home}/.profile" does not contain "planted"

  Scenario: the default profile runs read-only in the home directory, never on a copy of it
    Given a file "{home}/.profile" containing:
      """
      export EDITOR=vi
      """
    When I run "terraphim-agent guard exec -- sh -c 'echo planted >> .profile'" in the home directory
    Then stderr contains "running under profile `readonly`"
    And the file "{home}/.profile" does not contain "planted"

  Scenario: an unknown profile is a usage error
    When I run "terraphim-agent guard exec --profile nope -- true"
    Then the exit code is 2
    And stderr contains "unknown sandbox profile `nope`"

  Scenario: an invalid user profile names its file and line
    Given a file "{config}/terraphim/guard/profiles/broken.toml" containing:
      """
      network = "deny"
      memory_mb = "lots"
      """
    When I run "terraphim-agent guard exec --profile readonly -- true"
    Then the exit code is 2
    And stderr contains "broken.toml: line"
    And stderr contains "expected u64"
