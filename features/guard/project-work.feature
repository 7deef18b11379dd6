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

  Scenario Outline: templates, project archives, in-project symlinks, dependency directories, manifest installs, dev servers and root reads run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                 |
      | cp .env.sample .env                                     |
      | cp config/app.yml.dist config/app.yml                   |
      | tar -xzf third_party/zlib.tgz -C third_party/zlib       |
      | unzip -q fixtures/geo.zip -d tests/fixtures/geo         |
      | ln -s ../common/base.json apps/site/base.json           |
      | rm -rf deps vendor obj                                  |
      | npm install                                             |
      | pip install -r requirements-test.txt                    |
      | python manage.py runserver 8001                         |
      | sudo tail -n 20 /var/log/kern.log                       |

  Scenario Outline: their near misses stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                 | verdict |
      | cp .env.prod .env                                       | sandbox |
      | cp .envrc.sample .envrc                                 | deny    |
      | tar -xzf /tmp/dl/zlib.tgz -C third_party/zlib           | sandbox |
      | tar -xzf zlib.tgz -C .                                  | sandbox |
      | unzip -o hooks.zip -d .husky                            | deny    |
      | tar -xPf zlib.tar -C third_party/zlib                   | sandbox |
      | ln -s ../../../../home/u/.ssh a/b/keys                  | sandbox |
      | rm -rf bin                                              | sandbox |
      | npm install left-pad                                    | sandbox |
      | pip install -r /tmp/r/requirements.txt                  | sandbox |
      | pip install -r requirements.txt flask                   | sandbox |
      | npm install expresss                                    | deny    |
      | bin/rails server -b 0.0.0.0                             | sandbox |
      | sudo cat /etc/shadow                                    | deny    |
      | sudo -E tail /var/log/syslog                            | sandbox |
