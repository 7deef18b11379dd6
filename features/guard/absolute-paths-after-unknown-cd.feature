Feature: an absolute path names the same file after a cd to a place known only at run time
  After `cd "$X"` (or `cd "$(dirname "$0")"`) a relative path starts somewhere unknown, so it is
  judged as a path built from a variable. An absolute path does not depend on the working
  directory: it is judged as written, so a write to a shell startup file is denied and a
  throw-away server in a temporary directory is stopped on the host as it is without the cd.

  Scenario Outline: absolute paths outside the project stay denied after an unknown cd
    When I check the command:
      """
      <command>
      """
    Then the verdict is deny

    Examples:
      | command                                        |
      | cd "$X" && echo x > /home/dev/.bashrc          |
      | cd "$DIR" && cp hook.sh /etc/profile.d/x.sh    |
      | cd "$X" && rm -rf /etc                         |
      | cd "$X" && rm -rf ../..                        |

  Scenario Outline: temporary paths keep their meaning after an unknown cd
    When I check the command:
      """
      <command>
      """
    Then the verdict is allow

    Examples:
      | command                                                              |
      | cd "$(dirname "$0")" && pg_ctl -D /tmp/itest-pg.X/data -m fast stop  |
      | cd "$BUILD" && rm -rf /tmp/scratch.123                               |

  Scenario: a relative path after an unknown cd is still a path built from a variable
    When I check the command:
      """
      cd "$X" && rm -rf build
      """
    Then the verdict is sandbox
