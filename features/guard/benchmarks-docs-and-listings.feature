Feature: benchmarks, documentation builds and listings of the project run on the host
  hyperfine runs each command line it is given (and its --prepare, --setup, --cleanup and
  --conclude commands) in a shell of its own: each is judged as a command of its own, and what is
  left is hyperfine's options. Documentation builds into the project, reports of profiles the
  project wrote, readers of tabular data and the everyday tasks of mix, dotnet ef, sbt and gem
  are the developer's ordinary work. Python one-liners that list literal project paths with
  pathlib or glob, and Ruby's Dir[] and list filters, only read and print.

  Scenario Outline: ordinary benchmarks, documentation and listings are allowed
    When I check the command:
      """
      <command>
      """
    Then the verdict is allow

    Examples:
      | command                                                                          |
      | hyperfine --warmup 3 'rg foo src' 'grep -r foo src'                              |
      | hyperfine -L threads 1,4 'make -j{threads} build'                                |
      | watch -n 2 git status                                                            |
      | mkdocs build --strict                                                            |
      | sphinx-build -b html docs docs/_build/html                                       |
      | go tool cover -func=cover.out                                                    |
      | csvstat data/orders.csv                                                          |
      | mix ecto.migrate                                                                 |
      | dotnet ef database update                                                        |
      | python3 -c "import pathlib; print(len(list(pathlib.Path('src').rglob('*.py'))))" |
      | python3 -c "import glob; print(glob.glob('src/**/*.py', recursive=True))"        |
      | python3 -c "import platform; print(platform.python_version())"                    |
      | python3 -c "import yaml; print(yaml.safe_load(open('config/app.yaml'))['port'])"  |
      | ruby -e 'puts Dir["spec/**/*_spec.rb"].size'                                     |
      | ruby -e 'puts File.read("Gemfile").lines.grep(/rails/)'                          |

  Scenario Outline: what the line brings in stays confined or denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                                          | verdict |
      | hyperfine 'rm -rf ~/src'                                                         | deny    |
      | hyperfine --prepare 'rm -rf ~' 'make build'                                      | deny    |
      | hyperfine "cat $FILE"                                                            | sandbox |
      | hyperfine --export-json ~/bench.json 'make build'                                | sandbox |
      | mkdocs build -d ~/site                                                           | sandbox |
      | dotnet watch run --urls http://0.0.0.0:5000                                      | sandbox |
      | dotnet ef database drop --force                                                  | deny    |
      | python3 -c "from pathlib import Path; print((Path('src') / '..' / '..').resolve())" | sandbox |
      | python3 -c "from pathlib import Path; Path('x').unlink()"                        | sandbox |
      | python3 -c "import glob; print(glob.glob('/etc/*'))"                             | sandbox |
      | python3 -c "import yaml; print(yaml.load(open('a.yaml'), Loader=yaml.Loader))"   | sandbox |
