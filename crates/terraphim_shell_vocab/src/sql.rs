//! Which SQL statements destroy data, read from their text alone: one classifier for the
//! guard (a statement given to a client on the command line) and the script review (a
//! statement given to a database client library).

/// What one SQL statement destroys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destroys {
    /// `DROP KIND OBJECT` (also SurrealQL's `REMOVE TABLE|DATABASE|NAMESPACE`).
    Drop {
        /// What is dropped, lower-case and single-spaced (`table`, `materialized view`).
        kind: String,
        /// Its name as written, without quotes; may be empty.
        object: String,
    },
    /// `TRUNCATE [TABLE] T`.
    Truncate {
        /// The table, without quotes; may be empty.
        table: String,
    },
    /// `DELETE FROM T` with no `WHERE`.
    DeleteAll {
        /// The table, without quotes; may be empty.
        table: String,
    },
    /// `UPDATE T SET ...` with no `WHERE`.
    UpdateAll {
        /// The table, without quotes.
        table: String,
    },
}

/// What `DROP` drops when it destroys what holds data.
const DROP_KINDS: &[&str] = &[
    "table",
    "database",
    "schema",
    "owned",
    "keyspace",
    "tablespace",
    "collection",
    "materialized view",
];

/// What SurrealQL's `REMOVE` removes when it destroys what holds data.
const REMOVE_KINDS: &[&str] = &["table", "database", "namespace"];

/// What `statement` (one statement, without its `;`) destroys, if anything.
pub fn statement_destroys(statement: &str) -> Option<Destroys> {
    let lower = statement.to_ascii_lowercase();
    let w: Vec<&str> = lower.split_whitespace().collect();
    let name = |i: usize| {
        w.get(i)
            .map(|s| s.trim_matches(|c| c == '"' || c == '`'))
            .unwrap_or("")
            .to_owned()
    };
    let no_where = !w.contains(&"where");
    match w.as_slice() {
        [verb @ ("drop" | "remove"), ..] => {
            let kinds = if *verb == "drop" {
                DROP_KINDS
            } else {
                REMOVE_KINDS
            };
            let kind = kinds.iter().find(|k| {
                let n = k.split(' ').count();
                w.len() > n && w[1..=n].join(" ") == **k
            })?;
            let mut i = 1 + kind.split(' ').count();
            if w.get(i) == Some(&"if") && w.get(i + 1) == Some(&"exists") {
                i += 2;
            }
            Some(Destroys::Drop {
                kind: (*kind).to_owned(),
                object: name(i),
            })
        }
        ["truncate", ..] => {
            let i = if w.get(1) == Some(&"table") { 2 } else { 1 };
            Some(Destroys::Truncate { table: name(i) })
        }
        ["delete", "from", ..] if no_where => Some(Destroys::DeleteAll { table: name(2) }),
        ["update", _, "set", ..] if no_where => Some(Destroys::UpdateAll { table: name(1) }),
        _ => None,
    }
}
