Feature: ordinary work on the project runs on the host
  Building the project and running what the build made, and writing literal text into a data
  or documentation file, are what a developer (and the agent's own file tools) do without a
  sandbox. The home is one place however the line spells it. What the line writes and then
  runs, what lies outside the project, and files runners load stay confined or denied.

  Scenario Outline: the project's build output after its build, and literal data files, run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                    |
      | cargo build && ./target/debug/demo --help                  |
      | go build -o bin/demo ./cmd/demo && ./bin/demo -check       |
      | make && ./build/demo version                               |
      | echo 'DELETE FROM t; --' > tests/fixtures/stmt.sql         |
      | printf '%s\n' 'rm -rf build' > docs/cleanup.md             |
      | rm -rf $HOME/.cache/go-build                               |
      | rm -rf ${HOME}/.cache/go-build                             |

  Scenario Outline: build output alone runs, output written on the same line, runnable files and the home stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | ./target/debug/demo --help                               | allow   |
      | ./scripts/build/release.sh                               | sandbox |
      | make && cp /tmp/x build/demo && ./build/demo             | sandbox |
      | echo 'all: ; true' > Makefile                            | sandbox |
      | echo $SECRET_KEY > tests/key.txt                         | sandbox |
      | rm -rf $HOME                                             | deny    |
      | rm -rf ${HOME}/*                                           | deny    |
