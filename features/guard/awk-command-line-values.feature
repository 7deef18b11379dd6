Feature: awk variables given on the command line reach what the program runs and writes
  `awk -v name=value` (also `-vname=value`, `--assign`) hands a value to the program, often a
  shell variable (`-v home="$HOME"`). The commands the program runs with `system()` or prints
  into, and the files it prints to, are built from those values as if they were written in the
  program; a variable the program assigns itself keeps its own value.

  Scenario Outline: a value from the command line decides what awk runs
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                                        | verdict |
      | awk -v home="$HOME" 'BEGIN { system("rm -rf " home "/Documents") }'            | deny    |
      | gawk --assign rc="$HOME/.zshrc" '{ print >> rc }' aliases.txt                  | deny    |
      | awk -v out=summary.txt '{ print $2 > out }' results.csv                        | sandbox |

  Scenario: a variable the program assigns itself is not the command line's value
    When I check the command:
      """
      awk -v dir="$HOME" 'BEGIN { dir = "build"; system("ls " dir) }'
      """
    Then the verdict is sandbox
