Feature: shells in options are denied, the project's programs are its own under profilers and runners
  A shell given as the program of a safe tool's option (a pager, an ssh or compress command,
  an archive tester) is the escape hatch of a tool that looks safe: it is denied whatever it
  runs, and so is sed's `e` command. A program by name there is judged as itself. The
  project's build output stays its own under a profiler (`valgrind`, `perf stat`,
  `hyperfine`), the Haskell and OCaml runners (`stack exec`, `opam exec`) and `git bisect run`
  are seen through, `uv run python` is a program and no package, and the check and test forms
  of more toolchains are known.

  Scenario Outline: a shell as the program of an option is denied, a program by name is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                            | verdict |
      | man -P 'sh -c id' ls                               | deny    |
      | ssh -o ProxyCommand='sh -c id' localhost           | deny    |
      | git grep --open-files-in-pager='sh -c id' TODO     | deny    |
      | zip out.zip README.md -T -TT 'sh -c id #'          | deny    |
      | sed -n '1e id' README.md                           | deny    |
      | git -c core.pager='less -R' log -1                 | sandbox |
      | tar -cf out.tar.zst --use-compress-program=zstd src | sandbox |
      | sed -n '/begin/,/end/p' notes.txt                  | allow   |

  Scenario Outline: the project's programs under profilers and runners are judged as themselves
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                  | verdict |
      | valgrind --leak-check=full ./build/tests/unit_tests                      | allow   |
      | perf stat -e cycles ./build/bin/encoder samples/in.wav                   | allow   |
      | hyperfine --warmup 3 './target/release/fmtr samples/big.json'            | allow   |
      | node --cpu-prof dist/cli.js bench/large.csv                              | allow   |
      | stack exec -- hlint src/                                                 | allow   |
      | git bisect run cargo test -q parser                                      | allow   |
      | valgrind ./tools/unknown                                                 | sandbox |
      | stack exec -- rm -rf ~/src                                               | deny    |
      | git bisect run ./check.sh                                                | sandbox |

  Scenario Outline: uv run names a program, and toolchains' checks are known
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | uv run python -m app.cli --help                           | sandbox |
      | uvx ruffe check .                                         | deny    |
      | jar tf target/service-1.4.0.jar                           | allow   |
      | python manage.py makemigrations --check --dry-run         | allow   |
      | yarn workspace @acme/api run test --watch=false           | allow   |
      | yarn workspace @acme/api add left-pad                     | sandbox |

  Scenario Outline: a setting that chooses the program a safe command runs keeps it confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | npm_config_script_shell=/tmp/x npm test        | sandbox |
      | git -c include.path=/tmp/extra.cfg status      | sandbox |
      | git -c color.ui=always status                  | allow   |
      | npm test                                       | allow   |
