//! Session 57 (issue 15, friction on commands nobody tuned the guard to): programs that are
//! another program under a new name (`ysqlsh` is psql, `gmake` is make) and the prose value of
//! a long option (`--preset 'Fast 720p30'`). Each table holds the forms that change beside the
//! near-identical ones that keep their decision.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A fork or a rename that keeps the other program's command line is judged as that program:
/// its reads are allowed as the program's are, and its destructive forms are denied as the
/// program's are (before, every form was an unknown command, sandboxed).
#[test]
fn an_alias_shares_the_programs_rules() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "ysqlsh -h localhost -p 5433 -U yugabyte -d app_dev -c '\\dt'",
            Allow,
        ),
        (
            "ysqlsh -h localhost -U app -d app_dev -c 'select count(*) from users'",
            Allow,
        ),
        ("ycqlsh localhost -e 'describe keyspaces'", Allow),
        ("valkey-cli ping", Allow),
        // twins: the program's destructive forms, raised from sandbox to deny
        (
            "ysqlsh -h localhost -U app -d app_dev -c 'DROP TABLE users'",
            Deny,
        ),
        ("ycqlsh localhost -e 'DROP KEYSPACE shop'", Deny),
        ("gsed -i 's/a/b/' ~/.bashrc", Deny),
        ("gtar xzf dist/a.tgz -C /", Deny),
        ("valkey-cli flushall", Deny),
        // as before: the programs themselves, and aliases the KG spelt out
        (
            "psql -h localhost -U app -d app_dev -c 'DROP TABLE users'",
            Deny,
        ),
        ("mariadb -e 'DROP DATABASE app'", Deny),
        ("mariadb -e 'show databases'", Allow),
        ("gmake test", Allow),
        ("gmake -f /tmp/x.mk", Deny),
        ("gmake -C ~/other install", Sandbox),
        ("gawk 'BEGIN{system(\"id\")}'", Sandbox),
        // a program that shares a purpose but not a command line is no alias
        ("pgcli -h localhost app_dev", Sandbox),
    ]);
}

/// A long option's prose value (a title, a preset, a notebook) is classed as its spelling
/// without blanks: a word of the working directory. A path with a blank is judged as a path,
/// a value with code characters, a short option's value and a code option's value stay no
/// path, and the same words in a directory outside the project are outside.
#[test]
fn a_long_options_prose_value_is_no_blank_path() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "calibredb add --library-path lib --title 'The Hobbit' books/hobbit.epub",
            Allow,
        ),
        (
            "calibredb add --library-path lib --title='The Hobbit' books/hobbit.epub",
            Allow,
        ),
        (
            "calibredb add --library-path 'My Library' books/hobbit.epub",
            Allow,
        ),
        (
            "HandBrakeCLI -i footage/interview.mov -o build/interview-720.mp4 --preset 'Fast 720p30' --encoder x264",
            Allow,
        ),
        (
            "joplin export --format md --notebook 'Project Docs' build/joplin-export",
            Allow,
        ),
        // as before: the same value without a blank
        (
            "calibredb add --library-path lib --title TheHobbit books/hobbit.epub",
            Allow,
        ),
        // twins: a value with a blank that is a path outside the project stays outside
        (
            "calibredb add --library-path '/srv/My Library' books/hobbit.epub",
            Sandbox,
        ),
        (
            "calibredb add --library-path '~/Calibre Library' books/hobbit.epub",
            Sandbox,
        ),
        // twins: a value that spells code, a short option's value, a code option's value
        (
            "calibredb add --library-path lib --title 'The $(id) Hobbit' books/hobbit.epub",
            Sandbox,
        ),
        ("gdb -batch build/app core -ex 'shell id'", Sandbox),
        (
            "gdb -batch build/app core --eval-command 'shell id'",
            Sandbox,
        ),
        (
            "calibredb add --library-path lib --title 'rm notes' books/hobbit.epub",
            Sandbox,
        ),
        (
            "calibredb add --library-path lib --title 'The Hobbit -x' books/hobbit.epub",
            Sandbox,
        ),
    ]);
    // The same words in a directory outside the project (the home, by a `cd`): outside, with
    // or without a blank.
    decide_in_project(&[
        (
            "cd ~ && calibredb add --library-path lib --title 'The Hobbit' books/hobbit.epub",
            Sandbox,
        ),
        (
            "cd ~ && calibredb add --library-path lib --title TheHobbit books/hobbit.epub",
            Sandbox,
        ),
    ]);
}
