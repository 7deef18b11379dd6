//! SQL text that destroys data, given to a program nobody described: `usql URL -c 'DROP TABLE
//! users'`, `ysqlsh -c 'TRUNCATE events'`, `mysqlsh --sql -e 'DROP DATABASE shop'`,
//! `clickhouse client -q 'TRUNCATE TABLE logs'`, `echo 'DROP TABLE t;' | sqlplus app@prod`,
//! SurrealQL's `surreal sql <<< 'DELETE user;'` (every record: no `FROM` in its grammar).
//!
//! The KG judges the SQL clients it knows by their statement (`psql -c '*drop table*'`, `sql
//! destructive statement`); every database has a client of its own, and new ones appear each
//! year (YugabyteDB's `ysqlsh` is psql renamed), so a client nobody listed is judged by the
//! same text: a statement of its command string, an operand or its standard input that drops
//! or empties a table, a database, a schema or a keyspace, or deletes or updates every row (no
//! `WHERE`). Only a statement counts, as the text between `;` that begins with the verb, in
//! SQL's shape (ended by `;`, or its keyword in capitals), so a note or a test's label that
//! mentions a drop (`mytool note add 'we drop tables later'`, `check "delete note" ...`)
//! stays data; and only for a program no KG entry matched, so `grep 'DROP TABLE' migrations/` and the
//! SQL linters and formatters the KG knows are not touched. A `SELECT` or `SHOW` stays
//! confined as before.

use crate::parse::SimpleCommand;

/// Programs that read SQL as text to check or format it, never run it.
const SQL_TEXT_TOOLS: &[&str] = &[
    "sqlfluff",
    "sqlformat",
    "sql-formatter",
    "pg_format",
    "sqlfmt",
    "squawk",
    "sqlglot",
    "sql-lint",
];

/// The text an `echo` or `printf` stage just before `commands[ci]` in its pipeline feeds it on
/// standard input (`echo 'DROP TABLE t;' | sqlplus`), its words joined by blanks.
pub(crate) fn echoed_into(commands: &[SimpleCommand], ci: usize) -> Option<String> {
    let (pipeline, stage) = commands.get(ci)?.pipeline?;
    let before = stage.checked_sub(1)?;
    let feeder = commands
        .iter()
        .find(|c| c.pipeline == Some((pipeline, before)))?;
    let name = feeder.argv.first()?.rsplit('/').next()?;
    if !matches!(name, "echo" | "printf") {
        return None;
    }
    let words: Vec<&str> = feeder.argv[1..]
        .iter()
        .map(String::as_str)
        .filter(|w| !matches!(*w, "-e" | "-n" | "-ne" | "-en" | "-E"))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The destroying statement `cmd` gives a program nobody described, as written: in its words,
/// its here-string or heredoc, or the text `fed` to it by an `echo` before it.
pub(crate) fn destroying_statement(cmd: &SimpleCommand, fed: Option<&str>) -> Option<String> {
    let program = cmd.argv.first()?.rsplit('/').next()?;
    if SQL_TEXT_TOOLS.contains(&program) {
        return None;
    }
    let texts = cmd.argv[1..]
        .iter()
        .map(|w| {
            // `--execute=SQL`: the option's value.
            if w.starts_with('-') {
                w.split_once('=').map_or("", |(_, v)| v)
            } else {
                w.as_str()
            }
        })
        .chain(cmd.stdin_text.as_deref())
        .chain(fed);
    for text in texts {
        // SQL as a client is given it: statements ended by `;`, or written with upper-case
        // keywords; a lower-case phrase (`check "delete note" ...`, a test's label) is prose.
        let terminated = text.contains(';');
        for statement in text.split(';') {
            let keyword = statement.split_whitespace().next().unwrap_or("");
            let upper = keyword.len() > 1 && keyword.bytes().all(|b| b.is_ascii_uppercase());
            if ((terminated || upper) && destroys(statement))
                || (terminated && deletes_every_record(statement))
            {
                return Some(statement.trim().to_string());
            }
        }
    }
    None
}

/// Whether one statement drops or empties data (`terraphim_shell_vocab::sql`): a bare verb
/// (`truncate` as an operand) or a DELETE naming no table is no statement.
fn destroys(statement: &str) -> bool {
    use terraphim_shell_vocab::sql::{Destroys, statement_destroys};
    match statement_destroys(statement) {
        Some(Destroys::Drop { .. } | Destroys::Truncate { .. }) => {
            statement.split_whitespace().count() > 1
        }
        Some(Destroys::DeleteAll { table }) => !table.is_empty(),
        Some(Destroys::UpdateAll { .. }) => true,
        None => false,
    }
}

/// SurrealQL's `DELETE TABLE;` (no `FROM`, no `WHERE`): every record of the table goes. Only
/// the statement's own shape counts: the verb in capitals, one table name, ended by `;`; a
/// record id (`DELETE user:1;`) deletes that record only.
fn deletes_every_record(statement: &str) -> bool {
    let words: Vec<&str> = statement.split_whitespace().collect();
    matches!(words.as_slice(), ["DELETE", table]
        if !table.eq_ignore_ascii_case("from")
            && table.bytes().all(|b| b.is_ascii_alphanumeric() || b"_`".contains(&b)))
}

#[cfg(test)]
mod tests {
    use super::{deletes_every_record, destroys};

    #[test]
    fn surrealql_deletes_of_a_whole_table() {
        for s in ["DELETE user", " DELETE account ", "DELETE `order`"] {
            assert!(deletes_every_record(s), "{s}");
        }
        for s in [
            "delete note",
            "DELETE FROM",
            "DELETE user WHERE age < 18",
            "DELETE user:1",
            "DELETE",
            "DELETE a b",
        ] {
            assert!(!deletes_every_record(s), "{s}");
        }
    }

    #[test]
    fn statements_that_destroy() {
        for s in [
            "DROP TABLE users",
            " drop  database shop",
            "TRUNCATE events",
            "DELETE FROM orders",
            "UPDATE users SET admin = true",
            "REMOVE TABLE user",
            "DROP KEYSPACE shop",
        ] {
            assert!(destroys(s), "{s}");
        }
        for s in [
            "SELECT 1",
            "DELETE FROM orders WHERE id = 1",
            "delete note",
            "truncate",
            "we drop tables later",
            "UPDATE users SET a = 1 WHERE id = 2",
            "\\dt",
        ] {
            assert!(!destroys(s), "{s}");
        }
    }
}
