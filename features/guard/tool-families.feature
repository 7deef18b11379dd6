Feature: families of developer tools judged from what each tool documents
  Debuggers and profilers of the project's programs, security scanners of the project, static
  site builds, load tests of this machine, schema migrations with the project's configuration
  and release previews run on the host; attaching to another process, other hosts, databases
  the line names, deploys and releases carried out stay confined.

  Scenario Outline: a debugger of the project's program runs, attaching to a process is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                              | verdict |
      | gdb -batch -ex 'bt full' ./build/parser core.1207 | allow   |
      | lldb --batch -o run -o bt -- ./target/debug/app     | allow   |
      | py-spy dump --pid 4121                               | allow   |
      | dmesg --ctime                                        | allow   |
      | tcpdump -i lo -n -c 20 'port 3000'           | allow   |
      | gdb -p 4121 -batch -ex 'info threads'                | sandbox |
      | strace -p 9912 -e trace=openat              | sandbox |
      | gdb -batch -ex run /tmp/tool                         | sandbox |
      | tcpdump -i any -w capture.pcap                       | sandbox |
      | dmesg -C                                             | sandbox |

  Scenario Outline: a security scanner of the project runs, results sent away are confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                    | verdict |
      | semgrep --config auto --json -o reports/semgrep.json .  | allow   |
      | gitleaks detect --source . --redact --no-banner         | allow   |
      | osv-scanner --lockfile=package-lock.json                         | allow   |
      | trivy image --ignore-unfixed registry.internal/api:1.14.2  | allow   |
      | semgrep ci                                                 | sandbox |
      | gitleaks detect --source ~ --no-banner                     | sandbox |

  Scenario Outline: a static site builds and serves on loopback, a deploy is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | hugo --minify --destination public           | allow   |
      | hugo server --bind 127.0.0.1 --port 1400 -D  | allow   |
      | zola build                                   | allow   |
      | hugo server --bind 0.0.0.0                   | sandbox |
      | hugo deploy --target production              | sandbox |

  Scenario Outline: a load test of this machine runs, of another host it is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | wrk -t2 -c16 -d10s http://localhost:8000/ping         | allow   |
      | ab -n 500 -c 10 http://localhost:8080/api/health         | allow   |
      | wrk -t2 -c32 -d30s https://api.example.org/    | sandbox |
      | wrk -c 10 http://localhost:80@load.example.net/          | sandbox |
      | ab -X proxy.example.net:3128 -n 100 http://localhost:3000/ | sandbox |

  Scenario Outline: a migration with the project's configuration runs, a named database is confined
    A database named in a variable before the command (`DATABASE_URL=...`) is judged as one
    named on the command line: this machine's runs, another host's or an unknown one is confined.
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                     | verdict |
      | alembic upgrade head                                                        | allow   |
      | alembic downgrade -1                                                        | allow   |
      | pnpm prisma migrate dev --name add_cart_totals                           | allow   |
      | diesel migration run --database-url postgres://db.staging.example.net/blog  | sandbox |
      | alembic -c /tmp/alembic.ini upgrade head                                    | sandbox |
      | alembic downgrade base                                                      | deny    |
      | DATABASE_URL=postgresql://dev:dev@localhost:5432/shop alembic upgrade head  | allow   |
      | TEST_DATABASE_URL=postgres://127.0.0.1/shop_test pytest -q                   | allow   |
      | DATABASE_URL=sqlite:///tmp/shop.db alembic upgrade head                     | allow   |
      | DATABASE_URL=postgres://svc@pg.staging.internal/shop alembic upgrade head   | sandbox |
      | MONGODB_URI=mongodb://reports.example.net/metrics node tools/load-fixtures.js      | sandbox |
      | DATABASE_URL=$PROD_DATABASE_URL alembic upgrade head                        | sandbox |

  Scenario Outline: a release preview stays local, the release carried out is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | cargo release minor --no-push --no-publish   | allow   |
      | npm version patch --no-git-tag-version       | allow   |
      | pnpm changeset status              | allow   |
      | cargo release patch --execute                | sandbox |
      | ncu -u                                       | sandbox |

  Scenario Outline: a package manager running a project program by name fetches nothing
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                        | verdict |
      | pnpm changeset status          | allow   |
      | pnpm dlx changeset status      | deny    |
      | npx changeset status           | deny    |
