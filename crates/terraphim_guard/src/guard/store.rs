//! The server a data store client is aimed at, as the line spells it: the host options of the
//! database, cache and queue clients (`psql -h HOST`, `pg_dump postgres://HOST/db`, `mongodump
//! --uri mongodb://HOST`, `redis-cli -h HOST`, `kafka-consumer-groups --bootstrap-server
//! HOST:PORT`, `kcat -b HOST`), read by the shared [`host_of`].
//!
//! Three rules read it:
//!
//! - a dump out of a store, or a load into one, aimed at this machine (every server the line
//!   names is a loopback address) that only names files of the project or its build output (a
//!   temporary directory is read by the machine's other users): the developer's own development store, copied to or from the project
//!   (`pg_dump -Fc -f backups/dev.dump postgres://localhost/app_dev`, `mongorestore --uri
//!   mongodb://127.0.0.1:27017 fixtures/`), allowed where no KG entry says more
//!   (`local_dump_or_load`);
//! - a restore that first drops what the dump recreates (`pg_restore --clean`, `mongorestore
//!   --drop`) or a consumer group moved to another offset (`kafka-consumer-groups
//!   --reset-offsets --execute`, no message is deleted) aimed at this machine: the store's
//!   content is put back to what the line names, lifted from the KG's destroy entries
//!   (`local_restore`). Deleting a topic, its records or a database on this machine is not a
//!   restore and keeps its KG decision. The script review hands the guard a script's line with
//!   a variable's default in place (`${2:-postgres://localhost/db}`); where the script's caller
//!   may replace that value it also hands the line with the variable left as written, and a
//!   deny of that one counts (`terraphim_script_review`'s `caller_default`), so a restore into
//!   a URL the caller chooses stays dangerous there
//!   (`features/script-review/fpsh42-local-database-checks.feature`);
//! - a client aimed at a host outside this machine and the private network (a public name or
//!   address) contacts a server nobody answers for: `contact_host.rs` confines it even where a
//!   read entry allows the command (`servers`).
//!
//! Without a host option the server is whatever the client's default and the environment say
//! (`PGHOST`, a `~/.pgpass` service, `MYSQL_HOST`), which the line does not show: none of the
//! rules lifts anything there.

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// A family of clients: their names, the variables that name their server, the options whose
/// value is a server (a host, `HOST:PORT`, a URL, or a comma-separated list of them), the options
/// whose value is a URL when it has a scheme and a database name otherwise, and whether an
/// operand with a scheme (`postgres://...`) is the server.
struct Family {
    tools: &'static [&'static str],
    vars: &'static [&'static str],
    hosts: &'static [&'static str],
    databases: &'static [&'static str],
    url_operands: bool,
    replica_sets: bool,
}

const FAMILIES: &[Family] = &[
    Family {
        tools: &[
            "psql",
            "pg_dump",
            "pg_dumpall",
            "pg_restore",
            "createdb",
            "dropdb",
            "pg_isready",
            "vacuumdb",
        ],
        vars: &["PGHOST"],
        hosts: &["-h", "--host"],
        databases: &["-d", "--dbname"],
        url_operands: true,
        replica_sets: false,
    },
    Family {
        tools: &[
            "mysql",
            "mysqldump",
            "mysqladmin",
            "mysqlimport",
            "mariadb",
            "mariadb-dump",
        ],
        vars: &["MYSQL_HOST"],
        hosts: &["-h", "--host"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
    Family {
        tools: &[
            "mongosh",
            "mongo",
            "mongodump",
            "mongorestore",
            "mongoexport",
            "mongoimport",
        ],
        vars: &[],
        hosts: &["-h", "--host", "--uri"],
        databases: &[],
        url_operands: true,
        replica_sets: true,
    },
    Family {
        tools: &["redis-cli", "valkey-cli"],
        vars: &[],
        hosts: &["-h", "-u"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
    Family {
        tools: &[
            "kafka-topics",
            "kafka-topics.sh",
            "kafka-consumer-groups",
            "kafka-consumer-groups.sh",
            "kafka-console-consumer",
            "kafka-console-consumer.sh",
            "kafka-console-producer",
            "kafka-console-producer.sh",
            "kafka-configs",
            "kafka-configs.sh",
            "kafka-delete-records",
            "kafka-delete-records.sh",
            "kafka-acls",
            "kafka-acls.sh",
        ],
        vars: &[],
        hosts: &["--bootstrap-server"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
    Family {
        tools: &["kcat", "kafkacat"],
        vars: &[],
        hosts: &["-b"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
    Family {
        tools: &["clickhouse-client"],
        vars: &[],
        hosts: &["-h", "--host"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
    Family {
        tools: &["nats"],
        vars: &[],
        hosts: &["-s", "--server"],
        databases: &[],
        url_operands: false,
        replica_sets: false,
    },
];

/// Clients that copy a store's content out to files, or files into a store.
const DUMPS_AND_LOADS: &[&str] = &[
    "pg_dump",
    "pg_dumpall",
    "pg_restore",
    "mysqldump",
    "mariadb-dump",
    "mongodump",
    "mongorestore",
    "mongoexport",
    "mongoimport",
];

/// The destroy entries a restore aimed at this machine is lifted from.
pub(crate) const LIFTED_RESTORE: &[&str] = &["database drop tools", "platform cli destroy verbs"];

/// Restores and rewinds: the client and the options that make it one.
const RESTORES: &[(&str, &[&str])] = &[
    ("pg_restore", &["--clean", "-c"]),
    ("mongorestore", &["--drop"]),
    ("kafka-consumer-groups", &["--reset-offsets"]),
    ("kafka-consumer-groups.sh", &["--reset-offsets"]),
];

/// Options that delete beside a restore's (`kafka-consumer-groups --delete`): never lifted.
const DELETES: &[&str] = &["--delete", "--delete-offsets"];

/// The value of option `opt` in word `w` (with the following word `next`): `-h HOST`, `-hHOST`
/// (one-letter options), `--host HOST`, `--host=HOST`. `Some((value, consumed_next))`.
fn option_value<'a>(w: &'a str, next: Option<&'a str>, opt: &str) -> Option<(&'a str, bool)> {
    if w == opt {
        return next.map(|v| (v, true));
    }
    let rest = w.strip_prefix(opt)?;
    if opt.starts_with("--") {
        rest.strip_prefix('=').map(|v| (v, false))
    } else if opt.len() == 2 && !rest.is_empty() {
        Some((rest.strip_prefix('=').unwrap_or(rest), false))
    } else {
        None
    }
}

/// The hosts of one server value: a URL, `HOST[:PORT]`, a comma-separated list, and for MongoDB
/// (`replica_sets`) `REPLICA_SET/HOST,HOST`. A host that cannot be read is the empty string.
fn hosts_of(value: &str, replica_sets: bool, out: &mut Vec<String>) {
    if value.contains(['$', '`']) {
        // `-d "$1"`, `--uri "$URL"`: a server known only at run time (a default,
        // `${1:-postgres://localhost/db}`, is judged where the parse puts it in place).
        out.push(String::new());
        return;
    }
    let urls: Vec<&str> = if let Some((_, rest)) = value.split_once("://") {
        // A URL lists its hosts in its authority (`mongodb://a:1,b:2/db`).
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        let authority = authority.rsplit('@').next().unwrap_or("");
        if authority.is_empty() {
            // `postgresql:///db` (a local socket) or a host known only by a query parameter.
            out.push(String::new());
            return;
        }
        authority.split(',').collect()
    } else if replica_sets {
        // `rs0/db1:27017,db2:27017`
        value
            .split_once('/')
            .map_or(value, |(_, h)| h)
            .split(',')
            .collect()
    } else {
        value.split(',').collect()
    };
    for u in urls.into_iter().filter(|u| !u.trim().is_empty()) {
        out.push(host_of(u).unwrap_or_default());
    }
}

/// The servers the line names for `cmd`'s data store client, as hosts (an unreadable one is the
/// empty string); `None` for a command that is not such a client.
pub(crate) fn servers(cmd: &SimpleCommand) -> Option<Vec<String>> {
    let name = cmd.name();
    let family = FAMILIES.iter().find(|f| f.tools.contains(&name))?;
    let mut out = Vec::new();
    for (k, v) in &cmd.env {
        if family.vars.contains(&k.as_str()) {
            hosts_of(v, family.replica_sets, &mut out);
        }
    }
    let args = cmd.argv.get(1..).unwrap_or_default();
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        let next = args.get(i + 1).map(String::as_str);
        let mut consumed = false;
        if let Some((v, c)) = family.hosts.iter().find_map(|o| option_value(w, next, o)) {
            hosts_of(v, family.replica_sets, &mut out);
            consumed = c;
        } else if let Some((v, c)) = family
            .databases
            .iter()
            .find_map(|o| option_value(w, next, o))
        {
            if v.contains("://") {
                hosts_of(v, family.replica_sets, &mut out);
            } else if v.contains('=') {
                // A libpq connection string (`host=... dbname=...`): not read here.
                out.push(String::new());
            }
            consumed = c;
        } else if family.url_operands && !w.starts_with('-') && w.contains("://") {
            hosts_of(w, family.replica_sets, &mut out);
        }
        i += if consumed { 2 } else { 1 };
    }
    Some(out)
}

/// Whether the line aims `cmd`, a data store client, at this machine: it names a server, and
/// every server it names is a loopback address.
pub(crate) fn aimed_at_this_machine(cmd: &SimpleCommand) -> bool {
    servers(cmd).is_some_and(|s| !s.is_empty() && s.iter().all(|h| is_loopback_host(h)))
}

/// Whether `cmd` dumps a store aimed at this machine to files, or loads files into it.
pub(crate) fn local_dump_or_load(cmd: &SimpleCommand) -> bool {
    DUMPS_AND_LOADS.contains(&cmd.name()) && aimed_at_this_machine(cmd)
}

/// Whether `cmd` restores or rewinds a store aimed at this machine (see the module
/// documentation).
pub(crate) fn local_restore(cmd: &SimpleCommand) -> bool {
    let Some((_, flags)) = RESTORES.iter().find(|(n, _)| *n == cmd.name()) else {
        return false;
    };
    let args = cmd.argv.get(1..).unwrap_or_default();
    args.iter().any(|w| flags.contains(&w.as_str()))
        && !args
            .iter()
            .any(|w| DELETES.contains(&w.split('=').next().unwrap_or(w)))
        && aimed_at_this_machine(cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::parse::first_command as first;

    #[test]
    fn servers_the_line_names() {
        for (line, want) in [
            (
                "pg_dump -Fc -f out.dump postgres://localhost/app",
                vec!["localhost"],
            ),
            ("pg_dump -h 127.0.0.1 -d app -f out.dump", vec!["127.0.0.1"]),
            (
                "pg_restore --dbname=postgresql://db.internal:5432/app x.dump",
                vec!["db.internal"],
            ),
            ("PGHOST=localhost pg_dump app", vec!["localhost"]),
            ("psql -d app -c 'select 1'", vec![]),
            ("psql 'host=localhost dbname=app'", vec![]),
            ("psql -d 'host=localhost dbname=app'", vec![""]),
            (
                "mongodump --uri=mongodb://u:p@127.0.0.1:27017/app --out d",
                vec!["127.0.0.1"],
            ),
            (
                "mongorestore --host rs0/a.internal:27017,localhost:27018 d",
                vec!["a.internal", "localhost"],
            ),
            (
                "mongosh mongodb://localhost:27017,db.example.net:27017/app",
                vec!["localhost", "db.example.net"],
            ),
            ("redis-cli -h 203.0.113.4 -p 6380 PING", vec!["203.0.113.4"]),
            (
                "redis-cli -u redis://localhost:6379/1 GET k",
                vec!["localhost"],
            ),
            (
                "kcat -b broker.example.net:9092,localhost:9092 -L",
                vec!["broker.example.net", "localhost"],
            ),
            (
                "kafka-topics --bootstrap-server=localhost:9092 --list",
                vec!["localhost"],
            ),
            ("mysql -hdb.internal -e 'SHOW TABLES'", vec!["db.internal"]),
            ("pg_dump postgresql:///app", vec![""]),
            ("pg_dump -h $DB_HOST app", vec![""]),
        ] {
            let got = servers(&first(line)).expect("a store client");
            assert_eq!(got, want, "{line}");
        }
        assert_eq!(servers(&first("curl -h localhost")), None);
    }

    #[test]
    fn restores_aimed_at_this_machine() {
        for (line, want) in [
            (
                "pg_restore --clean --if-exists -d postgres://localhost:5432/app x.dump",
                true,
            ),
            ("pg_restore -c -h 127.0.0.1 -d app x.dump", true),
            (
                "mongorestore --drop --uri mongodb://localhost:27017 dumps/",
                true,
            ),
            (
                "kafka-consumer-groups --bootstrap-server localhost:9092 --group g --reset-offsets --to-earliest --all-topics --execute",
                true,
            ),
            // no host, another host, one of several elsewhere, a delete, not a restore
            ("pg_restore --clean -d app x.dump", false),
            (
                "pg_restore --clean -d postgres://db.internal/app x.dump",
                false,
            ),
            (
                "mongorestore --drop --host localhost:27017,db.example.net:27017 dumps/",
                false,
            ),
            (
                "kafka-consumer-groups --bootstrap-server localhost:9092 --group g --delete",
                false,
            ),
            (
                "kafka-consumer-groups --bootstrap-server localhost:9092 --reset-offsets --delete-offsets --group g --topic t --execute",
                false,
            ),
            (
                "kafka-topics --bootstrap-server localhost:9092 --delete --topic t",
                false,
            ),
            ("mongorestore --uri mongodb://localhost:27017 dumps/", false),
            // a server known only at run time
            ("pg_restore --clean -d \"$1\" x.dump", false),
            // A command line's own `$1` is empty (the agent's shell runs it with no arguments):
            // the default is the server. In a script the caller's value is judged by the
            // review (`Taint::caller_default`).
            (
                "pg_restore --clean -d \"${1:-postgres://localhost/app}\" x.dump",
                true,
            ),
            ("mongorestore --drop --uri \"$MONGO_URL\" dumps/", false),
        ] {
            assert_eq!(local_restore(&first(line)), want, "{line}");
        }
    }

    #[test]
    fn dumps_and_loads_aimed_at_this_machine() {
        for (line, want) in [
            (
                "pg_dump -Fc -f backups/dev.dump postgres://localhost/app",
                true,
            ),
            (
                "mongodump --uri mongodb://127.0.0.1:27017/app --out dumps",
                true,
            ),
            ("mysqldump -h localhost app", true),
            ("pg_dump -f backups/dev.dump app", false),
            ("pg_dump -h db.example.net -f backups/x.dump app", false),
            ("psql -h localhost -f schema.sql", false),
        ] {
            assert_eq!(local_dump_or_load(&first(line)), want, "{line}");
        }
    }
}
