Feature: shell syntax keeps its meaning in the canonical form
  The canonical form must mean what the shell runs: after `--` words are operands, a clustered
  short option that takes a value takes the rest of the cluster, a Windows program name is the
  program, and a package runner (`npx X`, `uv run X`) is judged by X.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    And the user KG file "guard-destructive/frobtool force.md" containing:
      """
      synonyms:: frobtool push -f
      reason:: overwrites the remote
      example:: frobtool push -f
      """
    And the user KG file "guard-safe/frobtool.md" containing:
      """
      synonyms:: frobtool push, frobtool status
      example:: frobtool status
      """

  Scenario Outline: a package runner is judged by the command it runs
    When I check the command:
      """
      <command>
      """
    Then the verdict is deny

    Examples:
      | command                       |
      | npx wipedisk /                |
      | npx --yes wipedisk@2 /        |
      | npm exec -- wipedisk /        |
      | bunx wipedisk /               |
      | pnpm exec wipedisk /          |
      | pnpm dlx wipedisk /           |
      | uv run wipedisk /             |
      | uv run --frozen wipedisk /    |
      | uv tool run wipedisk /        |
      | uvx wipedisk /                |
      | poetry run wipedisk /         |
      | pipx run wipedisk /           |

  Scenario: a known command run by a runner is judged as that command
    When I check "uv run frobtool status"
    Then the verdict is allow

  Scenario: an unknown package run by a runner stays unknown
    When I check "npx unheardof-tool --flag"
    Then the verdict is sandbox

  Scenario: a runner option that fetches more code is not seen through
    When I check "uv run --with somepkg frobtool status"
    Then the verdict is sandbox

  Scenario Outline: a Windows program name is the program
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                          | verdict |
      | WIPEDISK.EXE /                   | deny    |
      | wipedisk.exe /                   | deny    |
      | /c/Tools/Frobtool.EXE status     | allow   |

  Scenario: after `--` an option-looking word is an operand
    When I check "frobtool -- push -f"
    Then the verdict is sandbox
    And no destructive match is reported

  Scenario: a ref named like an option after `--` is not the option
    When I check "frobtool push -- -f"
    Then the verdict is allow

  Scenario: a clustered option takes its attached value
    When I check "git switch -cfeature"
    Then the verdict is allow
    And no destructive match is reported

  Scenario Outline: a group after a prefix the grammar lacks is judged by the commands it holds
    tree-sitter-bash negates only a simple command, a test or a subshell and has no `time` or
    `coproc` keyword, so it read `! { ...; }` or `time { ...; }` as a command named `{`. The
    guard reads the group: a prefix changes an exit status or a timing report, never what runs.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                       | verdict |
      | ! { wipedisk /; }                                             | deny    |
      | if ! { frobtool status; wipedisk /; } 2>/dev/null; then :; fi | deny    |
      | frobtool status && ! { wipedisk /; }                          | deny    |
      | until ! { frobtool push -f; }; do sleep 1; done               | deny    |
      | time { wipedisk /; }                                          | deny    |
      | time -p { frobtool status; wipedisk /; }                      | deny    |
      | coproc wiper { wipedisk /; }                                  | deny    |
      | coproc wipedisk /                                             | deny    |
      | ! if true; then wipedisk /; fi                                | deny    |
      | ! ! wipedisk /                                                | deny    |
      | time ! wipedisk /                                             | deny    |
      | ! ! frobtool status                                           | allow   |
      | if ! { frobtool status; } 2>/dev/null; then echo no; fi       | allow   |
      | ! { true; } 2>/dev/null                                       | allow   |
      | time { frobtool status; }                                     | allow   |

  Scenario Outline: code bash runs from an expansion's operand or a trap is judged
    bash runs a backquoted command in the operand of `${x:-...}` (`:=`, `:+`, `/a/...`), and
    `'$(...)'` there when the expansion is double-quoted; tree-sitter-bash reads both as text.
    `trap CODE SIGNAL` runs CODE in the same shell later.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                 | verdict |
      | echo "${dir:-`wipedisk /`}"             | deny    |
      | echo ${dir:=`wipedisk /`}               | deny    |
      | echo "${dir:-'$(wipedisk /)'}"          | deny    |
      | echo "${dir/tmp/`wipedisk /`}"          | deny    |
      | trap 'wipedisk /' EXIT                  | deny    |
      | trap "frobtool status; wipedisk /" INT  | deny    |
      | echo "${dir:-`frobtool status`}"        | allow   |
      | trap 'frobtool status' EXIT             | allow   |
      | trap - EXIT                             | allow   |
      | : "${dir:=build}"                       | allow   |

  Scenario Outline: a bare tilde in a test parses
    tree-sitter-bash reads a bare `~` in `[ ]` or `[[ ]]` as an operator; the guard reads it as
    the word it is, so the line is judged rather than refused as unparsable.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                          | verdict |
      | [ -d ~ ] && frobtool status      | allow   |
      | [[ -d ~ ]] && wipedisk /         | deny    |
      | [[ "$PWD" == ~ ]] && echo home   | allow   |

  Scenario Outline: a here-string after a file redirect parses
    tree-sitter-bash cannot parse `cmd > f <<< WORD`, which bash reads as `cmd <<< WORD > f`:
    the guard judges that form, so the line is judged rather than refused as unparsable.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | cat > notes.txt <<< 'wipedisk / is bad'  | allow   |
      | sh 2>/dev/null <<< 'wipedisk /'          | deny    |
      | frobtool status > /dev/null <<< 'x'      | allow   |
      | frobtool status > out.txt <<< 'x'        | sandbox |
      | cat > /tmp/x.sh <<< 'wipedisk /' && sh /tmp/x.sh | deny |

  Scenario Outline: code a shell reads from a substitution, its input or its positional words is judged
    `bash <(echo CODE)` and `source /dev/stdin <<< CODE` run CODE as `echo CODE | bash` does;
    `sh -c 'CMD "$1"' _ WORD` runs CMD with WORD in place of `$1`; `echo` prints every word after
    its own options, `-f` too; toybox runs its applets as busybox does.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                     | verdict |
      | bash <(echo wipedisk /)                     | deny    |
      | source <(printf 'wipedisk /')               | deny    |
      | source /dev/stdin <<< 'wipedisk /'          | deny    |
      | bash < <(echo wipedisk /)                   | deny    |
      | cat <(printf 'wipedisk /') \| sh            | deny    |
      | cat <(echo hi) \| grep h                    | allow   |
      | echo 'wipedisk /' \| . /dev/stdin           | deny    |
      | sh -c 'wipedisk "$1"' _ /                   | deny    |
      | bash -c 'frobtool push $0' -f               | deny    |
      | echo frobtool push -f \| sh                 | deny    |
      | toybox wipedisk /                           | deny    |
      | sh -c 'frobtool "$1"' _ status              | allow   |
      | toybox ls                                   | allow   |
