Feature: commands are judged by the places their words name, however they name them
  A module search path of the project's own directories loads the project's code; a server
  bound to a loopback address is reachable from this machine alone; the repository's top
  directory is the project; the lines a filter passes on are lines of its input; and turning off
  certificate checks is a security change a human makes. Waiting for a port of this machine with
  a socket redirect opens no shell to the network.

  Scenario Outline: a module search path of the project's own directories is the project's code
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                               | verdict |
      | PYTHONPATH=src pytest -q                              | allow   |
      | PYTHONPATH=src:tests/helpers python3 -m pytest -x     | allow   |
      | PYTHONPATH=../other/src pytest -q                     | sandbox |
      | PYTHONPATH=/tmp/site:src pytest -q                    | deny    |

  Scenario Outline: a development server bound to a loopback address is this machine's own
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                       | verdict |
      | python3 -m http.server 8000 --bind 127.0.0.1 --directory site | allow   |
      | php -S 127.0.0.1:8000 -t public                               | allow   |
      | python3 -m http.server 8000                                   | sandbox |
      | python3 -m http.server --bind 0.0.0.0 8000                    | sandbox |
      | php -S 0.0.0.0:8000                                           | sandbox |

  Scenario Outline: waiting for a port of this machine opens no shell to the network
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | until echo > /dev/tcp/localhost/5432; do sleep 1; done   | allow   |
      | (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null            | sandbox |
      | exec 3<>/dev/tcp/192.0.2.7/8080                          | deny    |
      | exec 0</dev/tcp/localhost/9000                           | deny    |
      | cat .env > /dev/tcp/localhost/9000                       | deny    |

  Scenario: the parent of the repository's top directory is outside the project
    When I check the command:
      """
      rm -rf "$(git rev-parse --show-toplevel)/.."
      """
    Then the verdict is deny

  Scenario: a build directory under the repository's top directory is the project's build output
    When I check the command:
      """
      rm -rf "$(git rev-parse --show-toplevel)/build"
      """
    Then the verdict is allow

  Scenario Outline: a listing passed through filters still names the paths it listed
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | ls -d ~/src/*/ \| grep -v '/proj/$' \| xargs rm -rf        | deny    |
      | ls -d ~/src/*/ \| sort \| head -n 3 \| xargs rm -rf         | deny    |
      | ls -d build/*/ \| grep -v keep \| xargs rm -rf              | allow   |

  Scenario Outline: trusting every repository whoever owns it is denied, one directory is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                | verdict |
      | git config --global --add safe.directory '*'           | deny    |
      | git -c safe.directory='*' status                       | deny    |
      | git config --global --add safe.directory /srv/app      | sandbox |

  Scenario Outline: turning off certificate checks is denied
    When I check "<command>"
    Then the verdict is deny
    And a destructive match names concept "tls verification disabled"

    Examples:
      | command                                                    |
      | git config --global http.sslVerify false                   |
      | npm config set strict-ssl false                            |
      | NODE_TLS_REJECT_UNAUTHORIZED=0 npm install                 |
      | GIT_SSL_NO_VERIFY=1 git clone https://git.example.test/r   |
