Feature: ordinary developer commands run on the host
  An in-place substitution in a file of the project the line names, a request to the
  developer's own server on this machine, an append with `tee -a`, a read of a `.env` template,
  the programs a JavaScript package manager runs by name from the project, and the build, test,
  lint and format commands of many ecosystems are what a developer runs without asking. Files a
  search chose, programs that run code, trust anchors, secrets, other hosts and named packages
  stay confined or denied.

  Scenario Outline: edits, local requests, appends, templates and ecosystem commands run on the host
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                          |
      | sed -i 's/version = 0.3.1/version = 0.3.2/' Cargo.toml           |
      | sed -i 's/oldName/newName/g' src/api/*.ts                        |
      | perl -pi -e 's/colour/color/g' docs/*.md                         |
      | perl -pi.bak -e 's/colour/color/g' docs/*.md                     |
      | perl -0pi -e 's/colour/color/g' docs/*.md                        |
      | sed -i.orig 's/8080/8081/' config/server.toml                    |
      | yq -i '.replicas = 2' deploy/values.yaml                         |
      | curl -i -X POST http://localhost:8080/api/users -d 'name=test'   |
      | echo '- fix the parser' \| tee -a CHANGELOG.md                   |
      | grep -n AWS_SECRET_ACCESS_KEY .env.example                       |
      | mkdir -p tests/fixtures && echo '[1, 2]' > tests/fixtures/u.json    |
      | pnpm eslint src                                                  |
      | pnpm exec prettier --write src/                                  |
      | cabal build all                                                  |
      | flutter test                                                     |
      | bundle exec rails db:migrate                                     |
      | pre-commit run --all-files                                       |
      | rustup component add clippy                                      |
      | npm run build && node dist/cli.js --help                         |
      | env \| grep PATH                                                 |
      | flask --app app run --debug                                      |
      | uvicorn app.main:app --reload --port 8001                        |
      | ./mvnw spring-boot:run                                           |
      | yarn workspace web dev                                           |
      | python manage.py test                                            |
      | python manage.py makemigrations                                  |

  Scenario Outline: their near misses stay confined or denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                        | verdict |
      | sed -i 's/old/new/g' file.txt                                  | sandbox |
      | sed -i 's/a/b/e' src/x.py                                      | sandbox |
      | rg -l Old src \| xargs sed -i 's/Old/New/g'                    | sandbox |
      | sed -i '/PreToolUse/d' .claude/settings.json                   | deny    |
      | perl -0pi -e 's/Pre/Post/' .claude/settings.json                 | deny    |
      | sed -i 's/a/b/' ../other/config.yaml                           | deny    |
      | curl -X POST https://api.example.com/v1 -d 'a=1'               | sandbox |
      | curl -X POST http://localhost:8080/x -d @.env                  | deny    |
      | curl -X DELETE http://localhost:9200/my-index                  | deny    |
      | echo 'export X=1' \| tee -a ~/.bashrc                          | deny    |
      | grep -n KEY .env                                               | sandbox |
      | pnpm add left-pad                                              | sandbox |
      | pre-commit install                                             | sandbox |
      | uvicorn app:app --app-dir /tmp/x                               | sandbox |
      | gunicorn --chdir ../other app:app                              | sandbox |
      | zip -m logs.zip logs/app.log                                   | sandbox |
      | gcc -fplugin=/tmp/p.so -o build/x src/x.c                      | sandbox |
      | vim -c 'w !sh' notes.md                                        | deny    |
      | env \| grep TOKEN                                              | sandbox |
