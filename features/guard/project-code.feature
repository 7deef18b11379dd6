Feature: the project's declared code runs on the host, code the agent brings in runs confined
  A careful developer runs their project's tests, installs its lockfile, formats it with its own
  configuration and builds its container image without a sandbox: that is the project's declared
  code, the same trust as the `cargo build` and `make` that run build scripts and recipes. What
  the command line brings in from elsewhere (tests, configs, manifests, Dockerfiles outside the
  project, a registry, a program to run, a file written earlier on the same line) runs confined.

  Scenario Outline: the project's tests, lockfile installs, formatters and container build run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                  |
      | cargo test --workspace                   |
      | pytest -x tests/test_api.py              |
      | python3 -m pytest -q                     |
      | npm test -- --watch=false                |
      | go test -race ./...                      |
      | make -j8 test                            |
      | ./gradlew test                           |
      | bundle exec rspec                        |
      | npx vitest run                           |
      | npx tsc --noEmit                         |
      | npm ci                                   |
      | pnpm install --frozen-lockfile           |
      | uv sync --frozen                         |
      | poetry install                           |
      | prettier --write docs                    |
      | eslint --fix src                         |
      | docker build -t web .                    |
      | docker compose up -d --build             |

  Scenario Outline: code brought in from outside the project runs confined
    When I check "<command>"
    Then the verdict is sandbox
    And the profile is "<profile>"

    Examples:
      | command                                               | profile   |
      | pytest /tmp/t/test_x.py                               | workspace |
      | cargo test --manifest-path ~/other/Cargo.toml         | readonly  |
      | npx jest --config /tmp/jest.config.js                 | workspace |
      | prettier --write --config /tmp/p.config.js src        | workspace |
      | npm i -D vitest                                       | install   |
      | npm install left-pad                                  | install   |
      | pnpm install --prefix ../other                        | install   |
      | uv sync --extra dev                                   | install   |
      | pip install -r /tmp/r/requirements.txt                | install   |
      | pnpm install --frozen-lockfile left-pad               | install   |
      | npx prettier@3 --check .                              | install   |
      | npx @acme/codegen generate                            | install   |
      | docker build https://example.test/app.git             | readonly  |
      | docker build -f /tmp/Dockerfile .                     | readonly  |
      | docker build --network=host .                         | readonly  |
      | docker compose -f /tmp/stack.yml up                   | readonly  |

  Scenario Outline: an install of the project's manifest with nothing added runs on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                         |
      | pnpm i                          |
      | yarn install                    |
      | bun install                     |
      | uv sync --all-extras            |
      | bundle install                  |
      | composer install --no-dev       |

  Scenario Outline: a line that writes what its runner then reads stays confined
    When I check "<command>"
    Then the verdict is sandbox

    Examples:
      | command                                                        |
      | echo 'test: ; true' > Makefile && make test                     |
      | echo 'def test_a(): pass' > tests/test_a.py && pytest          |
      | echo 'module.exports = {}' > eslint.config.js && eslint --fix . |
      | npm pkg set scripts.test=true && npm test                      |
      | echo 'FROM alpine' > Dockerfile && docker build .              |
      | cp /tmp/pnpm-lock.yaml pnpm-lock.yaml && pnpm install           |

  Scenario: a lockfile install that cannot resolve lifts the install entry it covers
    When I run "terraphim-agent guard explain 'yarn install --immutable'"
    Then the exit code is 0
    And stdout contains "lockfile install"
    And stdout contains "decision: allow"

  Scenario Outline: more ecosystems' builds, tests, queries and cleans of the project run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                            |
      | dotnet publish src/Web -c Release -o out/web       |
      | dotnet clean                                       |
      | mix deps.get                                       |
      | mix credo --strict                                 |
      | bundle exec rails test test/models                 |
      | composer outdated --direct                         |
      | php artisan test --testsuite=Unit                  |
      | ./gradlew :app:assembleRelease                     |
      | deno task build                                    |
      | protoc -I schemas --python_out=gen schemas/a.proto |
      | openssl x509 -in certs/site.crt -noout -issuer     |
      | rm -rf _build .terraform/modules                   |
      | rm -rf ~/.cache/yarn                               |

  Scenario Outline: what the line brings in to those ecosystems stays confined
    When I check "<command>"
    Then the verdict is sandbox

    Examples:
      | command                                            |
      | dotnet publish -c Release -o ~/www/site            |
      | dotnet run --project /tmp/App                      |
      | mix deps.get --only prod                           |
      | ./gradlew :lib:publishToMavenLocal                 |
      | protoc --plugin=protoc-gen-z=./z --z_out=. a.proto |
      | openssl s_client -connect db.example.net:443       |
