//! Kinds of commands the guard misjudged on an eighth independent set: shells given as the
//! program of a safe tool's option (the GTFOBins escape hatch, denied whatever the payload),
//! sed's `e` command, programs of the project run under profilers, runners of the Haskell and
//! OCaml toolchains, `uv run` of a program that is no package, and the check and test forms
//! of toolchains the KG did not know. Each table holds what the rule decides and the near
//! misses it leaves as they were.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::{decide, decide_in_project};

#[test]
fn a_shell_as_the_program_of_an_option_is_denied() {
    decide(&[
        ("git -c core.sshCommand='sh -c whoami' fetch origin", Deny),
        ("rsync -e 'sh -c \"sh 0<&2 1>&2\"' x:/ .", Deny),
        ("zip out.zip README.md -T -TT 'sh -c id #'", Deny),
        ("man -P 'sh -c id' ls", Deny),
        ("ssh -o ProxyCommand='sh -c id' localhost", Deny),
        ("tar -xf assets.tar --use-compress-program='sh -c id'", Deny),
        ("git grep --open-files-in-pager='sh -c id' TODO", Deny),
        ("git -c alias.st='!sh -c id' st", Deny),
        (
            "tar -cf out.tgz src --use-compress-program='bash tools/pack.sh'",
            Deny,
        ),
        ("ssh -o ProxyCommand=/bin/bash host.example.test", Deny),
        ("PAGER='sh -c \"cat > /tmp/out\"' git log -1", Deny),
        // a program by name in the same options, and options that exist to name a shell
        (
            "rsync -e 'ssh -p 2222' -a src/ host.example.test:/srv/app/",
            Sandbox,
        ),
        ("git -c core.pager='less -R' log -1", Sandbox),
        ("git grep -O TODO", Sandbox),
        (
            "tar -cf out.tar.zst --use-compress-program=zstd src",
            Sandbox,
        ),
        ("SHELL=/bin/bash make test", Sandbox),
        ("man -P cat ls", Sandbox),
    ]);
}

#[test]
fn sed_e_runs_its_command_with_a_shell() {
    decide(&[
        ("sed -n '1e id' README.md", Deny),
        ("sed -n 'p;e date' notes.txt", Deny),
        ("sed '/^x/e uname -a' notes.txt", Deny),
        ("gsed -e '$e id' notes.txt", Deny),
        // an `e` in a regex, an address or a substitution is no command
        ("sed -n '/begin/,/end/p' notes.txt", Allow),
        ("sed 's/e x/y/' notes.txt", Allow),
        ("sed -n '1,5p' README.md", Allow),
    ]);
}

#[test]
fn the_projects_programs_under_profilers_are_its_build_output() {
    decide_in_project(&[
        (
            "valgrind --leak-check=full --error-exitcode=1 ./build/tests/unit_tests",
            Allow,
        ),
        (
            "perf stat -e cycles,instructions ./build/bin/encoder samples/in.wav /dev/null",
            Allow,
        ),
        ("perf record -g ./target/release/app", Allow),
        (
            "hyperfine --warmup 3 './target/release/fmtr samples/big.json'",
            Allow,
        ),
        (
            "node --cpu-prof dist/cli.js bench/fixtures/large.csv",
            Allow,
        ),
        (
            "ghc -O2 -prof -fprof-auto -o bench/prof bench/Main.hs && ./bench/prof +RTS -p",
            Allow,
        ),
        ("timeout 60 ./target/release/app --check", Allow),
        // a program that is not the project's build output, a removal under a profiler, a
        // node option that loads other code
        ("valgrind ./tools/unknown", Sandbox),
        ("valgrind rm -rf ~/src", Deny),
        ("perf stat ./scripts/run.sh", Sandbox),
        ("node --require /tmp/x.js dist/cli.js", Sandbox),
        ("ghc -o /usr/local/bin/prof Main.hs", Sandbox),
    ]);
}

#[test]
fn toolchain_runners_are_seen_through() {
    decide_in_project(&[
        ("stack exec -- hlint src/", Allow),
        (
            "opam exec -- dune build ./bin/main.exe && ./_build/default/bin/main.exe --help",
            Allow,
        ),
        (
            "git bisect start HEAD v1.7.0 && git bisect run cargo test -q parser",
            Allow,
        ),
        // what the runner runs is judged as itself
        ("stack exec -- rm -rf ~/src", Deny),
        ("opam exec -- ./unknown-tool", Sandbox),
        ("git bisect run ./check.sh", Sandbox),
        ("stack exec --package left-pad -- hlint src/", Sandbox),
    ]);
}

#[test]
fn uv_run_of_a_program_is_no_typosquat() {
    decide(&[
        // the project's own code under `uv run` is confined like `python -m app.cli`
        (
            "uv sync --frozen && uv run python -m app.cli --help",
            Sandbox,
        ),
        ("uv run python -m pytest -q", Allow),
        // a package runner still compares the names it fetches
        ("uvx ruffe check .", Deny),
        ("uv run --with reqeusts python x.py", Deny),
    ]);
}

#[test]
fn toolchain_checks_and_tests_are_allowed() {
    decide_in_project(&[
        ("sbt -Dsbt.supershell=false 'testOnly *ParserSpec'", Allow),
        (
            "kotlinc src/main/kotlin/Scratch.kt -include-runtime -d build/scratch.jar",
            Allow,
        ),
        (
            "timeout 600 ./gradlew connectedCheck --no-daemon | tail -n 30",
            Allow,
        ),
        ("jar tf target/service-1.4.0.jar | grep -c .class", Allow),
        ("dotnet tool restore && dotnet csharpier --check .", Allow),
        ("python manage.py makemigrations --check --dry-run", Allow),
        ("python -m build && twine check dist/*", Allow),
        ("R CMD check --no-manual --as-cran pkg_0.2.0.tar.gz", Allow),
        ("mix run priv/repo/seeds.exs", Allow),
        ("yarn workspace @acme/api run test --watch=false", Allow),
        // their writing, publishing and installing forms stay as they were
        ("jar xf target/service-1.4.0.jar", Sandbox),
        ("kotlinc x.kt -d /usr/local/lib/x.jar", Sandbox),
        ("python manage.py flush --no-input", Deny),
        ("twine upload dist/*", Deny),
        ("mix run -e 'IO.puts(1)'", Sandbox),
        ("yarn workspace @acme/api add left-pad", Sandbox),
        ("dotnet tool install -g dotnet-ef", Sandbox),
    ]);
}
