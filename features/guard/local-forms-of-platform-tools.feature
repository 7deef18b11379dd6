Feature: the local forms of platform, cluster, database and workspace tools run on the host
  Workspace task runners, local clusters and emulators, the platforms' dev servers and local
  builds, template checks, topic reads and toolchain queries are the developer's own machine
  and project, as `npm run` and `docker compose up` are. The same tools' deploys, publishes,
  teardowns, host mounts and servers on every interface are not.

  Scenario Outline: workspace task runners and toolchain queries run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                    |
      | nx run web:serve                                           |
      | lerna changed                                              |
      | rush rebuild --to @acme/api                                |
      | moon query projects                                        |
      | mvn help:effective-pom -Doutput=target/effective-pom.xml   |
      | xcodebuild -showBuildSettings -scheme App                  |
      | php -l src/Kernel.php                                      |
      | deno compile --allow-read -o bin/tool src/main.ts          |

  Scenario Outline: their publishing and foreign forms stay confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | mvn -q package deploy                        | sandbox |
      | mvn help:effective-pom deploy                | sandbox |
      | rush publish --publish --include-all         | sandbox |
      | nx run web:serve --host 0.0.0.0              | sandbox |
      | deno compile -o bin/x https://example.com/x.ts | sandbox |
      | php -l ~/.ssh/config                         | sandbox |

  Scenario Outline: local clusters, emulators and template checks run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                                   |
      | kind create cluster --name dev --config kind.yaml                         |
      | k3d cluster create dev --agents 2                                         |
      | minikube service api --url                                                |
      | skaffold render --output=tmp/rendered.yaml                                |
      | helm upgrade --install api charts/api -n api --dry-run --debug            |
      | packer validate images/base.pkr.hcl                                       |
      | terragrunt run-all plan                                                   |
      | vercel dev                                                                |
      | netlify build                                                             |
      | wrangler deploy --dry-run --outdir dist                                   |
      | wrangler d1 execute app-db --local --command 'SELECT count(*) FROM users' |
      | supabase start                                                            |
      | gcloud beta emulators pubsub start --host-port=localhost:8085             |

  Scenario Outline: their deploys, teardowns and host mounts stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                               | verdict |
      | kind create cluster --config /tmp/kind.yaml                           | sandbox |
      | k3d cluster create dev --volume /:/host                               | sandbox |
      | minikube mount /:/host                                                | sandbox |
      | helm upgrade --install api charts/api -n prod                         | sandbox |
      | packer build images/base.pkr.hcl                                      | sandbox |
      | terragrunt run-all destroy                                            | deny    |
      | netlify deploy --prod --dir dist                                      | sandbox |
      | wrangler deploy                                                       | sandbox |
      | wrangler d1 execute app-db --local --remote --command 'SELECT 1'      | sandbox |
      | wrangler d1 execute app-db --local --command 'DROP TABLE users'       | deny    |
      | firebase serve --only hosting --host 0.0.0.0                          | sandbox |
      | kind delete clusters --all                                            | deny    |

  Scenario Outline: local databases and topics are read on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                                            |
      | cockroach sql --insecure -e 'SHOW TABLES'                                          |
      | cockroach start-single-node --insecure --listen-addr=localhost:26257 --store=tmp/db |
      | kafka-console-consumer --bootstrap-server localhost:9092 --topic events --max-messages 5 |
      | kcat -b localhost:9092 -L                                                          |
      | rabbitmqctl list_bindings                                                          |

  Scenario Outline: their writes, whole-table changes and open listeners stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                     | verdict |
      | cockroach sql --insecure -e 'DELETE FROM users; SELECT 1'                   | deny    |
      | psql -c 'DELETE FROM carts; SELECT count(*) FROM carts'                     | deny    |
      | cockroach sql --insecure -e 'SELECT 1; UPDATE users SET admin = true WHERE id = 1' | sandbox |
      | cockroach start-single-node --insecure --store=tmp/db                       | sandbox |
      | kcat -b localhost:9092 -P -t events                                         | sandbox |
      | rabbitmqctl add_user admin hunter2                                          | sandbox |

  Scenario Outline: bucket copies and local database dumps into scratch directories run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                        |
      | gsutil cp gs://acme-dev-fixtures/orders.json tmp/              |
      | mongodump --uri mongodb://localhost:27017/app_dev --out tmp/db |
      | mongoexport --db app_dev --collection users --out tmp/u.json   |

  Scenario Outline: uploads, downloads into runnable places and dumps of other hosts stay confined
    When I check "<command>"
    Then the verdict is sandbox

    Examples:
      | command                                                              |
      | gsutil cp dist/app.js gs://acme-site/                                |
      | gsutil cp gs://acme-dev-fixtures/conftest.py tests/                  |
      | mongodump --host db.internal.example --db app --out tmp/db           |
      | mongodump --uri mongodb+srv://db.example.net/app --out tmp/db        |

  Scenario Outline: documented previews and dependency housekeeping run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                           |
      | composer update --dry-run symfony/console         |
      | goreleaser release --snapshot --clean             |
      | mix deps.clean --unused --unlock                  |
      | php vendor/bin/phpunit --filter=OrderTest tests/Unit |

  Scenario Outline: the real runs and foreign configs stay confined
    When I check "<command>"
    Then the verdict is sandbox

    Examples:
      | command                                                   |
      | composer update symfony/console                           |
      | goreleaser release --snapshot --config /tmp/release.yaml  |
      | php vendor/bin/phpunit --bootstrap /tmp/boot.php          |

  Scenario Outline: a dry-run option given a false value is the real run
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | helm upgrade --install api charts/api --dry-run=client    | allow   |
      | helm upgrade --install api charts/api --dry-run=false     | sandbox |
      | wrangler deploy --dry-run=none                            | sandbox |
      | npm publish --dry-run=false                               | sandbox |

  Scenario Outline: more local forms of the same tools run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                          |
      | turbo run dev --filter=docs                                      |
      | minikube addons enable metrics-server                            |
      | kustomize edit set image web=registry.local/web:dev              |
      | func start                                                       |
      | pg_ctl -D tmp/pg -l tmp/pg.log start                             |
      | kafka-topics --bootstrap-server localhost:9092 --create --topic audit-dev |
      | deno cache src/deps.ts                                           |
      | sbt dependencyTree                                               |
      | bundle exec brakeman -q                                          |

  Scenario Outline: the same tools publishing, reaching other hosts or changing every row stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                     | verdict |
      | sbt compile publish                                                         | sandbox |
      | func azure functionapp publish acme-api                                     | sandbox |
      | pg_ctl -D /var/lib/postgresql/16/main stop                                  | deny    |
      | kafka-topics --bootstrap-server kafka.example.net:9092 --create --topic x   | sandbox |
      | minikube addons disable ingress                                             | deny    |
      | clickhouse-client --query 'SELECT 1; DELETE FROM events'                    | deny    |
