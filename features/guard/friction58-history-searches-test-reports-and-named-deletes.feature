Feature: git history searches, test reports kept with tee, project files deleted by name
  Three classes of ordinary commands run on the host: the text git's history searches look
  for is data; a test or benchmark run's output kept in a report file of the project with tee;
  files of the project deleted by name without -r. The nearest harmful form of each keeps its
  decision.

  Scenario Outline: a git history search's text is data
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                         | verdict |
      | git log --grep='authorized_keys' --oneline      | allow   |
      | git log -G id_rsa -p                            | allow   |
      | git log --author=root --grep='/etc/shadow'      | allow   |
      | git log -- authorized_keys                      | sandbox |
      | git log -p ~/.ssh/id_rsa                        | sandbox |

  Scenario Outline: a test report kept with tee; other files and producers keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                               | verdict |
      | go test -bench=. -benchmem ./internal/codec \| tee bench/codec.txt     | allow   |
      | cargo test 2>&1 \| tee test-output.txt                                 | allow   |
      | pytest -q \| tee src/main.py                                           | sandbox |
      | cat src/a.rs \| tee test-output.txt                                    | sandbox |
      | cargo test \| tee .git/hooks/pre-commit                                | deny    |

  Scenario Outline: project files deleted by name; trees, globs and .git keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | rm src/old_module.py tests/test_old.py         | allow   |
      | rm -f package-lock.json && npm install         | allow   |
      | rm -rf src/generated/api                       | sandbox |
      | rm src/*.py                                    | sandbox |
      | rm .git/index                                  | sandbox |
      | rm -rf .                                       | deny    |
      | rm ../other/file.py                            | deny    |
