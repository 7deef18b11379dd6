Feature: a dangerous string that is only data does not deny
  Users complain most about blocks on commit messages, grep patterns and echoed text. Patterns
  match simple commands, never substrings of the line, so text given to a harmless command is data.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    And the user KG file "guard-safe/harmless.md" containing:
      """
      synonyms:: echo, grep, printf, gitx commit
      example:: echo hi
      """

  Scenario Outline: text given to a harmless command
    When I check the command:
      """
      <command>
      """
    Then the verdict is allow
    And no destructive match is reported

    Examples:
      | command                                     |
      | gitx commit -m 'never run wipedisk / again' |
      | grep -r "wipedisk /" .                      |
      | echo "wipedisk /"                           |
      | printf '%s\n' 'wipedisk /'                  |
      | echo 'wipedisk /' > /tmp/notes.txt          |

  Scenario: the same text piped into a shell is code
    When I check "echo 'wipedisk /' | bash"
    Then the verdict is deny
