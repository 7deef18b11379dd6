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
      | gdb -batch -ex 'bt full' ./build/imgconv core.48213 | allow   |
      | lldb --batch -o run -o bt -- ./target/debug/app     | allow   |
      | py-spy dump --pid 4121                               | allow   |
      | dmesg --ctime                                        | allow   |
      | tcpdump -i lo -nn -A 'tcp port 8080' -c 50           | allow   |
      | gdb -p 4121 -batch -ex 'info threads'                | sandbox |
      | strace -p 4121 -f -e trace=write -s 256              | sandbox |
      | gdb -batch -ex run /tmp/tool                         | sandbox |
      | tcpdump -i any -w capture.pcap                       | sandbox |
      | dmesg -C                                             | sandbox |

  Scenario Outline: a security scanner of the project runs, results sent away are confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                    | verdict |
      | semgrep --config p/ci --error --json -o semgrep.json src/  | allow   |
      | gitleaks detect --source . --no-banner --redact -v         | allow   |
      | osv-scanner --lockfile=poetry.lock                         | allow   |
      | trivy image --ignore-unfixed registry.internal/api:1.14.2  | allow   |
      | semgrep ci                                                 | sandbox |
      | gitleaks detect --source ~ --no-banner                     | sandbox |

  Scenario Outline: a static site builds and serves on loopback, a deploy is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | hugo --minify --destination public           | allow   |
      | hugo server -D --bind 127.0.0.1 --port 1314  | allow   |
      | zola build                                   | allow   |
      | hugo server --bind 0.0.0.0                   | sandbox |
      | hugo deploy --target production              | sandbox |

  Scenario Outline: a load test of this machine runs, of another host it is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | wrk -t4 -c64 -d20s http://127.0.0.1:8080/healthz         | allow   |
      | ab -n 2000 -c 50 http://localhost:3000/api/items         | allow   |
      | wrk -t8 -c200 -d60s https://staging.shop.example.com/    | sandbox |
      | wrk -c 10 http://localhost:80@load.example.net/          | sandbox |
      | ab -X proxy.example.net:3128 -n 100 http://localhost:3000/ | sandbox |

  Scenario Outline: a migration with the project's configuration runs, a named database is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                     | verdict |
      | alembic upgrade head                                                        | allow   |
      | alembic downgrade -1                                                        | allow   |
      | pnpm prisma migrate dev --name add_invoice_status                           | allow   |
      | diesel migration run --database-url postgres://db.staging.example.net/blog  | sandbox |
      | alembic -c /tmp/alembic.ini upgrade head                                    | sandbox |
      | alembic downgrade base                                                      | deny    |

  Scenario Outline: a release preview stays local, the release carried out is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | cargo release patch --no-publish --no-push   | allow   |
      | npm version minor --no-git-tag-version       | allow   |
      | pnpm changeset status --verbose              | allow   |
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
