//! Which SQL statements destroy data, and which client libraries talk to a database server.
//!
//! A statement handed to a database client library runs there as `psql -c` would: one that
//! drops a database, schema or table, truncates one, or deletes or updates every row of one
//! destroys data the script did not make.

/// Modules (JavaScript packages, Python modules) whose connections reach a database server
/// the script did not make: a destructive statement given to them destroys shared data.
/// SQLite files are not here: a script's own scratch database (`:memory:`, a file in its
/// temp dir) is its own to drop.
pub(crate) const SERVER_DB_MODULES: &[&str] = &[
    "pg",
    "pg-promise",
    "postgres",
    "mysql",
    "mysql2",
    "mysql2/promise",
    "mssql",
    "tedious",
    "oracledb",
    "knex",
    "@prisma/client",
    "@neondatabase/serverless",
    "@vercel/postgres",
    "psycopg",
    "psycopg2",
    "pymysql",
    "MySQLdb",
    "mysql.connector",
    "asyncpg",
    "aiomysql",
    "aiopg",
    "pyodbc",
    "cx_Oracle",
];

/// Whether `module` (as imported) is one of [`SERVER_DB_MODULES`] or a submodule of one.
pub(crate) fn is_server_db_module(module: &str) -> bool {
    SERVER_DB_MODULES.iter().any(|m| {
        module == *m
            || module
                .strip_prefix(m)
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('/'))
    })
}

/// Whether the call `q` (named by its module's path: `psycopg.connect`, `pg.Client`,
/// `postgres`) is of a database server's client library: the connection it makes logs in
/// with the credentials it is given (the URL names the server they are for), and what the
/// connection gives back (rows, counts) holds none of them.
pub(crate) fn is_server_db_call(q: &str) -> bool {
    is_server_db_module(q)
        || q.rsplit_once('.')
            .is_some_and(|(m, _)| is_server_db_module(m))
}

/// Whether the arguments of a database connection (`connect(host=...)`, `new Pool({ host })`,
/// a URL) name a server on another machine, as text the script spells: credentials given to
/// it go there, so what the connection gives back stays judged with them.
pub(crate) fn names_remote_server(args: &[&crate::engine::Val]) -> bool {
    fn remote(v: &crate::engine::Val, depth: u8) -> bool {
        let named = |t: &str| {
            !t.contains(crate::places::UNKNOWN)
                && (t.contains("://") || !t.contains(['=', ' ']))
                && !crate::places::local_address(t)
        };
        v.fields.iter().any(|(k, f)| {
            let key = k.to_ascii_lowercase();
            (matches!(
                key.as_str(),
                "host" | "hostname" | "server" | "url" | "connectionstring" | "uri" | "dsn"
            ) && f.known().is_some_and(named))
                || (depth < 2 && remote(f, depth + 1))
        }) || v.known().is_some_and(|t| t.contains("://") && named(t))
    }
    args.iter().any(|a| remote(a, 0))
}

/// Client modules of data servers that do not speak SQL (key-value stores, document
/// databases): their connections too log in with the credentials they are given, and what
/// they give back is the server's data.
const STORE_CLIENT_MODULES: &[&str] = &[
    "ioredis",
    "redis",
    "@redis/client",
    "mongodb",
    "pymongo",
    "motor",
    "memcached",
    "pymemcache",
];

/// Whether the call `q` makes a connection of [`STORE_CLIENT_MODULES`] (`new Redis(url)`,
/// `redis.from_url(url)`, `pymongo.MongoClient(uri)`).
fn is_store_client_call(q: &str) -> bool {
    let of = |m: &str| {
        STORE_CLIENT_MODULES.iter().any(|s| {
            m == *s
                || m.strip_prefix(s)
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('/'))
        })
    };
    of(q) || q.rsplit_once('.').is_some_and(|(m, _)| of(m))
}

/// What the call `q` of a database server's client library returns (`psycopg.connect(url)`,
/// `new pg.Client({ connectionString })`): a connection that logs in with the credentials it
/// is given, so it carries the arguments' taint but not their secret. `None` for any other
/// call, and for a connection to a server on another machine (by its arguments, or a
/// `host`/`hostname`/`server` keyword the script spells), whose results stay judged with the
/// credentials sent there.
pub(crate) fn local_connection(
    q: &str,
    args: &[&crate::engine::Val],
    keywords: &[(&str, &crate::engine::Val)],
    all: &crate::engine::Taint,
) -> Option<crate::engine::Val> {
    let remote_keyword = keywords.iter().any(|(k, v)| {
        matches!(*k, "host" | "hostname" | "server")
            && v.known().is_some_and(|h| {
                !h.contains(crate::places::UNKNOWN) && !crate::places::local_address(h)
            })
    });
    if !(is_server_db_call(q) || is_store_client_call(q))
        || names_remote_server(args)
        || remote_keyword
    {
        return None;
    }
    let mut taint = all.clone();
    taint.secret = None;
    taint.mixed = false;
    Some(crate::engine::Val::unknown().with_taint(&taint))
}

/// Method names of database clients that run the SQL text they are given.
pub(crate) const SQL_RUNNING_METHODS: &[&str] = &[
    "query",
    "execute",
    "executemany",
    "executescript",
    "exec",
    "exec_driver_sql",
    "raw",
    "none",
    "any",
    "unsafe",
    "$executeRaw",
    "$executeRawUnsafe",
    "$queryRawUnsafe",
];

/// Where the SQL text a database server's command-line client is given to run is in the
/// argument vector `words` (program first: `psql -c SQL`, `mysql -e SQL`, `sqlcmd -Q SQL`),
/// and the host it is told to reach (`-h`, `--host`, `-S`). The index is of the word that
/// holds the text, which for `--command=SQL` starts with the option.
pub(crate) fn cli_statement(words: &[String]) -> Option<(usize, Option<String>)> {
    let program = words.first()?;
    let program = program.rsplit('/').next().unwrap_or(program);
    // The subcommand of a server's own binary that is its SQL client (`cockroach sql`,
    // `clickhouse client`).
    let sub = words.get(1).map(String::as_str);
    let (sql_opts, host_opts): (&[&str], &[&str]) = match (program, sub) {
        ("psql" | "ysqlsh", _) => (&["-c", "--command"], &["-h", "--host"]),
        ("mysql" | "mariadb", _) => (&["-e", "--execute"], &["-h", "--host"]),
        ("sqlcmd", _) => (&["-Q", "-q"], &["-S"]),
        ("cockroach", Some("sql")) => (&["-e", "--execute"], &["--host", "--url"]),
        ("clickhouse-client", _) | ("clickhouse", Some("client")) => {
            (&["-q", "--query"], &["-h", "--host"])
        }
        _ => return None,
    };
    let at = |opts: &[&str]| {
        words.iter().enumerate().skip(1).find_map(|(i, a)| {
            opts.iter().find_map(|o| match a.strip_prefix(o) {
                Some("") if i + 1 < words.len() => Some(i + 1),
                Some(rest) if o.starts_with("--") && rest.starts_with('=') => Some(i),
                _ => None,
            })
        })
    };
    let host = at(host_opts).map(|i| {
        let w = &words[i];
        w.split_once('=')
            .filter(|_| w.starts_with("--"))
            .map_or(w.clone(), |(_, h)| h.to_owned())
    });
    Some((at(sql_opts)?, host))
}

/// Whether a command prints a database server's data: a client given a statement to run
/// ([`cli_statement`]) or a dump tool (`pg_dump`, `mysqldump`, `mongoexport`) with no file
/// to write it to.
pub(crate) fn prints_rows(words: &[String]) -> bool {
    const DUMPERS: &[&str] = &[
        "pg_dump",
        "pg_dumpall",
        "mysqldump",
        "mariadb-dump",
        "mongoexport",
    ];
    let Some(program) = words.first() else {
        return false;
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    if DUMPERS.contains(&program) {
        // `-f FILE`, `--file=FILE`, `--out DIR`, `-o DIR`, `--result-file`: written to a file.
        return !words.iter().skip(1).any(|w| {
            matches!(w.as_str(), "-f" | "-o" | "--out" | "-r")
                || ["--file", "--out", "--result-file", "--archive"]
                    .iter()
                    .any(|o| w.starts_with(o))
        });
    }
    cli_statement(words).is_some()
}

/// The SQL text of an argument-vector word [`cli_statement`] found (`--command=SQL` without
/// its option).
pub(crate) fn cli_sql_text(word: &str) -> &str {
    match word.starts_with("--") {
        true => word.split_once('=').map_or(word, |(_, sql)| sql),
        false => word,
    }
}

/// What a destructive statement destroys: a whole database or schema (or every object of a
/// role), or the rows of some tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    Database,
    Tables,
}

/// Whether `text` names a database server on this machine by URL
/// (`postgres://app:app@localhost:5432/app_dev`): the compose service of a project's
/// development database, whose tables a seed or test reset empties.
pub(crate) fn names_loopback_database(text: &str) -> bool {
    const SCHEMES: &[&str] = &[
        "postgres://",
        "postgresql://",
        "mysql://",
        "mariadb://",
        "mssql://",
    ];
    SCHEMES.iter().any(|scheme| {
        text.match_indices(scheme).any(|(i, _)| {
            let rest = &text[i + scheme.len()..];
            let authority = rest
                .split(['/', '?', '"', '\'', '`', ' '])
                .next()
                .unwrap_or("");
            let host_port = authority.rsplit('@').next().unwrap_or("");
            let host = match host_port.strip_prefix('[') {
                Some(v6) => v6.split(']').next().unwrap_or(""),
                None => host_port.split(':').next().unwrap_or(""),
            };
            matches!(host, "localhost" | "127.0.0.1" | "::1")
        })
    })
}

/// The database file an `ATTACH` statement of `sql` names: `Some(Some(path))` for a path
/// spelled in the text (`ATTACH DATABASE 'x.db' AS x`), `Some(None)` for one given as a bound
/// parameter (`ATTACH DATABASE ? AS x`, `:path`), `None` when `sql` attaches nothing.
pub(crate) fn attached_file(sql: &str) -> Option<Option<String>> {
    // Statements split on `;` outside quotes would cut a path holding one; none of the
    // credential stores' names do.
    sql.split(';').find_map(|stmt| {
        let stmt = stmt.trim_start();
        let rest = stmt
            .get(..6)
            .filter(|w| w.eq_ignore_ascii_case("attach"))
            .map(|_| &stmt[6..])
            .filter(|r| r.starts_with(char::is_whitespace))?
            .trim_start();
        let rest = match rest.get(..8) {
            Some(w) if w.eq_ignore_ascii_case("database") => rest[8..].trim_start(),
            _ => rest,
        };
        // A quoted path is read to its closing quote: `'.../Login Data'` holds a blank.
        let quote = rest.chars().next().filter(|c| matches!(c, '\'' | '"'));
        let spelled = quote
            .and_then(|q| rest[1..].split_once(q))
            .map(|(path, _)| path)
            .filter(|p| !p.is_empty());
        Some(spelled.map(str::to_owned))
    })
}

/// Whether `sql` copies rows from one table into another (`INSERT INTO t SELECT ...`,
/// `CREATE TABLE t AS SELECT ...`).
pub(crate) fn copies_rows(sql: &str) -> bool {
    sql.split(';').any(|stmt| {
        let w: Vec<String> = stmt
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let select = w.iter().position(|x| x == "select" || x == "(select");
        match w.first().map(String::as_str) {
            Some("insert" | "replace") => select.is_some(),
            Some("create") => w
                .iter()
                .position(|x| x == "as")
                .is_some_and(|a| select == Some(a + 1)),
            _ => false,
        }
    })
}

/// What the first destructive statement of `sql` does (`drops the schema public`), if any: of
/// the statements `terraphim_shell_vocab::sql` classes as destroying, the drops of a database,
/// schema, table or a role's objects, truncates, and DELETEs and UPDATEs with no WHERE.
pub(crate) fn destructive_statement(sql: &str) -> Option<(String, Reach)> {
    use terraphim_shell_vocab::sql::{Destroys, statement_destroys};
    sql.split(';')
        .find_map(|stmt| match statement_destroys(stmt)? {
            Destroys::Drop { kind, .. } if kind == "owned" => {
                Some(("drops every object a role owns".to_owned(), Reach::Database))
            }
            Destroys::Drop { kind, object } if matches!(kind.as_str(), "database" | "schema") => {
                Some((format!("drops the {kind} {object}"), Reach::Database))
            }
            Destroys::Drop { kind, object } if kind == "table" => {
                Some((format!("drops the {kind} {object}"), Reach::Tables))
            }
            Destroys::Drop { .. } => None,
            Destroys::Truncate { table } => {
                Some((format!("truncates the table {table}"), Reach::Tables))
            }
            Destroys::DeleteAll { table } => {
                Some((format!("deletes every row of {table}"), Reach::Tables))
            }
            Destroys::UpdateAll { table } => {
                Some((format!("overwrites every row of {table}"), Reach::Tables))
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destructive_statements_are_told_from_scoped_ones() {
        for (sql, destroys) in [
            ("DROP SCHEMA public CASCADE; CREATE SCHEMA public;", true),
            ("drop table if exists users", true),
            ("TRUNCATE TABLE events", true),
            ("DELETE FROM sessions", true),
            ("UPDATE users SET admin = true", true),
            ("DELETE FROM sessions WHERE id = $1", false),
            ("UPDATE users SET name = ? WHERE id = ?", false),
            (
                "CREATE TABLE t (id int); ALTER TABLE t ADD COLUMN x int",
                false,
            ),
            ("SELECT * FROM drop_log", false),
            ("REFRESH MATERIALIZED VIEW CONCURRENTLY daily_orders", false),
        ] {
            assert_eq!(destructive_statement(sql).is_some(), destroys, "{sql}");
        }
        assert!(names_loopback_database(
            "const U = 'postgres://app:app@localhost:5432/app_dev';"
        ));
        assert!(names_loopback_database("mysql://root@127.0.0.1/t"));
        assert!(!names_loopback_database(
            "postgres://app@db.example.net/app"
        ));
        assert!(is_server_db_module("pg"));
        assert!(is_server_db_module("mysql.connector"));
        assert!(!is_server_db_module("sqlite3"));
        assert!(!is_server_db_module("pgp"));
    }

    #[test]
    fn attached_files_and_row_copies() {
        for (sql, attached) in [
            ("ATTACH DATABASE ? AS r", Some(None)),
            ("attach :src as s", Some(None)),
            (
                "ATTACH DATABASE 'runs/a.db' AS a",
                Some(Some("runs/a.db".to_owned())),
            ),
            (
                "PRAGMA foreign_keys = ON; ATTACH \"b.db\" AS b",
                Some(Some("b.db".to_owned())),
            ),
            (
                "ATTACH DATABASE 'Default/Login Data' AS l",
                Some(Some("Default/Login Data".to_owned())),
            ),
            ("ATTACHED", None),
            ("DETACH DATABASE r", None),
            ("SELECT attach FROM t", None),
        ] {
            assert_eq!(attached_file(sql), attached, "{sql}");
        }
        for (sql, copies) in [
            ("INSERT INTO t SELECT a, b FROM s.t", true),
            ("insert or replace into t (a) select a from s.t", true),
            ("CREATE TABLE t AS SELECT * FROM s.t", true),
            ("INSERT INTO t VALUES (?, ?)", false),
            ("CREATE TABLE t (a TEXT)", false),
            ("SELECT * FROM s.t", false),
        ] {
            assert_eq!(copies_rows(sql), copies, "{sql}");
        }
    }
}
