Feature: runners, profilers, local TLS and data tools of ordinary development
  A runner that only adds a vault's secrets or a profile's keys to a command is judged by the
  command it runs; a profiler's log file is a write of the place it names; development keys and
  certificates written into the project, data CLIs on project files, a draft release, a module update and migrations on this machine run on the host.
  Their near forms (a destructive or unknown child, a log on a startup file, a key printed or
  read from the home, a port forward, a public release, another host) stay confined or
  denied. So do a Nix development shell's command, a bucket download into a scratch directory and a
  database reset: each is judged by what it runs, where it writes, where the database is.

  Scenario Outline: runners that add secrets run the command they are given
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                    | verdict |
      | doppler run -- cargo nextest run                           | allow   |
      | op run --no-masking -- go vet ./...                        | allow   |
      | infisical run --env=qa -- pytest -x tests/api              | allow   |
      | aws-vault exec dev-ro -- terraform validate                | allow   |
      | direnv exec . go test ./pkg/...                            | allow   |
      | sops exec-env ops/ci.enc.yaml 'cargo test -p api'          | allow   |
      | doppler run -- rm -rf ~/Documents                          | deny    |
      | sops exec-env ops/ci.enc.yaml 'rm -rf ~/Pictures'          | deny    |
      | infisical run -- ./tools/unknown-thing                     | sandbox |
      | doppler run -- printenv                                    | sandbox |
      | doppler run --command 'make test'                          | sandbox |
      | direnv exec ~/other-repo make deploy                       | sandbox |
      | sops -d ops/ci.enc.yaml                                    | sandbox |

  Scenario Outline: an environment manager's runner runs the command it is given
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                     | verdict |
      | conda run -n vision pytest tests/unit -q    | allow   |
      | micromamba run -n vision make lint          | allow   |
      | mamba run -n vision ./scripts/fetch.sh      | sandbox |
      | conda run --cwd /srv -n vision make         | sandbox |

  Scenario Outline: the project's Nix development shell is judged by the command it is given
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | nix develop --command cargo test --workspace              | allow   |
      | nix-shell --run 'pytest -q tests/unit'                    | allow   |
      | nix develop --command rm -rf ~/Documents                  | deny    |
      | nix develop -c ./tools/unknown-thing                      | sandbox |
      | nix develop github:example/devshells#go --command go test | sandbox |
      | nix-shell -p nodejs --run 'node -v'                       | sandbox |
      | nix-shell /tmp/unpacked/shell.nix --run make              | sandbox |

  Scenario Outline: a bucket's objects copied into a scratch directory are a read of the bucket
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | aws s3 cp s3://team-data/samples/a.parquet ./tmp/samples/  | allow   |
      | gsutil -m rsync -r gs://eval-sets/v3 /tmp/eval-v3         | allow   |
      | aws s3 cp s3://team-data/conftest.py tests/               | sandbox |
      | aws s3 cp ./dist s3://site-bucket/ --recursive            | sandbox |
      | aws s3 sync s3://team-data/golden tests/golden --delete   | deny    |
      | aws s3 cp s3://team-data/rc ~/.bashrc                     | deny    |

  Scenario Outline: a database reset the line shows is local runs, any other stays denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                              | verdict |
      | RAILS_ENV=test bin/rails db:reset                                    | allow   |
      | DATABASE_URL=sqlite:///var/dev.sqlite3 python manage.py flush --noinput | allow   |
      | redis-cli -h 127.0.0.1 -n 3 FLUSHDB                                  | allow   |
      | bin/rails db:reset                                                   | deny    |
      | RAILS_ENV=production bin/rails db:reset                              | deny    |
      | DB_HOST=10.1.2.3 php artisan migrate:fresh                           | deny    |
      | redis-cli -h cache.example.net FLUSHALL                              | deny    |

  Scenario Outline: a profiler's log file is judged where it lies
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                    | verdict |
      | strace -f -o out/strace.txt cargo test                     | allow   |
      | valgrind --log-file=vg.txt ./target/debug/cli              | allow   |
      | time -o timings.txt cargo build                            | allow   |
      | py-spy record -o out/flame.svg -- python3 -m pytest -q     | allow   |
      | strace -o ~/.zshrc ls                                      | deny    |
      | strace -f -o /etc/hosts ls                                 | deny    |
      | time -o ~/.bashrc cargo build                              | deny    |
      | perf record -o ~/notes/perf.data -- ls                     | deny    |
      | py-spy record -o flame.svg -- rm -rf ~/Music               | deny    |

  Scenario Outline: development TLS files of the project
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                                   | verdict |
      | openssl req -x509 -newkey rsa:3072 -nodes -keyout dev/certs/key.pem -out dev/certs/cert.pem -subj '/CN=x.localhost' | allow |
      | openssl genrsa -out dev/certs/k.key 3072                                                                  | allow   |
      | mkcert -cert-file dev/certs/web.pem -key-file dev/certs/web-key.pem localhost                             | allow   |
      | openssl verify -CAfile dev/certs/ca.pem dev/certs/web.pem                                                 | allow   |
      | openssl rsa -in dev/certs/k.pem -text                                                                     | sandbox |
      | openssl rsa -in ~/.ssh/id_rsa -text                                                                       | sandbox |
      | openssl genrsa -out ~/keys/prod.pem 4096                                                                  | sandbox |
      | mkcert -install                                                                                           | sandbox |

  Scenario Outline: data tools, releases, updates and local migrations
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                          | verdict |
      | csvsql --query 'select team, avg(score) from results group by team' data/r.csv  | allow   |
      | sqlite3 var/dev.db 'VACUUM;'                                                     | allow   |
      | gh release create v0.4.0 out/tool.tgz --draft --notes-file NOTES.md              | allow   |
      | go get -u ./...                                                                  | allow   |
      | diesel migration run --database-url postgres://localhost/notes_dev              | allow   |
      | dbt build --select +orders --target dev                                          | allow   |
      | open -R out/Notes.zip                                                            | allow   |
      | kubectl port-forward svc/grafana 3300:3000 -n obs                                | sandbox |
      | gh release create v0.4.0 out/tool.tgz --notes-file NOTES.md                      | sandbox |
      | gh release create v0.4.0 --draft=false --generate-notes                          | sandbox |
      | gh release create v0.4.0 ~/notes/todo.txt --draft                                | deny    |
      | go get -u golang.org/x/text                                                      | sandbox |
      | diesel migration run --database-url postgres://db.example.net/notes              | sandbox |
      | dbt run --target prod                                                            | sandbox |
      | open -a Terminal tools/setup.command                                             | sandbox |

  Scenario Outline: AppleScript notifications and SQL with quotes of their own
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                                          | verdict |
      | osascript -e 'display notification "build finished" with title "notes"'          | allow   |
      | sqlite3 var/dev.db "VACUUM INTO '/tmp/x.db'"                                     | sandbox |
      | osascript -e 'tell application "Finder" to empty trash'                          | sandbox |
