//! Resets of a development or test database that the line itself shows is on this machine:
//! `RAILS_ENV=test bin/rails db:reset`, `MIX_ENV=test mix ecto.reset`, `DATABASE_URL=sqlite:///
//! dev.db python manage.py flush`, `DB_HOST=127.0.0.1 php artisan migrate:fresh --seed`,
//! `redis-cli -h localhost FLUSHDB`. A framework's test database is emptied by every test run
//! and its development database is re-made by its seeds; what such a reset loses is this
//! machine's scratch data. Without the prefix the target is whatever the environment says
//! (a shell where `RAILS_ENV=production` or a remote `DATABASE_URL` is set), so the bare forms
//! stay denied; so does any form whose prefix names another host, or a production environment
//! beside a local one.

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// The destructive entries this rule answers for.
pub(crate) const LIFTED: &[&str] = &["database drop tools", "redis flush"];

/// Variables that choose a framework's environment, and the values that name a development or
/// test one.
const FRAMEWORK_ENVS: &[&str] = &[
    "RAILS_ENV",
    "RACK_ENV",
    "MIX_ENV",
    "APP_ENV",
    "NODE_ENV",
    "FLASK_ENV",
    "ASPNETCORE_ENVIRONMENT",
];
const LOCAL_ENVS: &[&str] = &["development", "dev", "test", "testing", "local"];

/// Variables that name the database's address (a URL, or a host).
const DATABASE_URLS: &[&str] = &["DATABASE_URL", "DB_URL", "REDIS_URL", "PRISMA_DATABASE_URL"];
const DATABASE_HOSTS: &[&str] = &[
    "DB_HOST",
    "DATABASE_HOST",
    "PGHOST",
    "MYSQL_HOST",
    "REDIS_HOST",
];

/// Whether `cmd` resets a database the line shows is a development or test one on this machine
/// (see the module documentation).
pub(crate) fn local_database_reset(cmd: &SimpleCommand) -> bool {
    let mut local = false;
    let prefix = cmd.env.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    for (name, value) in prefix.chain(task_arguments(&cmd.argv)) {
        if FRAMEWORK_ENVS.contains(&name) {
            if !LOCAL_ENVS.contains(&value.to_ascii_lowercase().as_str()) {
                return false;
            }
            local = true;
        } else if DATABASE_URLS.contains(&name) {
            if !local_url(value) {
                return false;
            }
            local = true;
        } else if DATABASE_HOSTS.contains(&name) {
            if !local_host(value) {
                return false;
            }
            local = true;
        }
    }
    match cmd.name() {
        // redis-cli's server is its `-h HOST` / `-u URL` (the default, this machine, may be
        // changed by the environment the line does not show).
        "redis-cli" | "valkey-cli" => local_redis_server(&cmd.argv),
        _ => local,
    }
}

/// Values of a framework's environment variable that name a shared, deployed environment.
const SHARED_ENVS: &[&str] = &["production", "prod", "staging", "stage", "live"];

/// Framework tasks that write rows into the environment's database or take its schema back:
/// seeds and fixtures (test data inserted, often after emptying tables), rollbacks and schema
/// loads (tables dropped and made again). Migrating forward is a deploy step and not here.
const DATA_TASKS: &[&str] = &[
    "db:seed",
    "db:seed:replant",
    "db:fixtures:load",
    "db:rollback",
    "db:migrate:down",
    "db:migrate:redo",
    "db:schema:load",
    "db:structure:load",
    "db:setup",
    "ecto.rollback",
    "migrate:rollback",
    "seed:run",
    "db:seed:all",
    "loaddata",
];

/// The task of `cmd` that writes test data into, or rolls back, a database its own prefix or
/// task arguments name as a shared, deployed one (`RAILS_ENV=production bin/rails db:seed`,
/// `MIX_ENV=prod mix run priv/repo/seeds.exs`, a remote `DATABASE_URL` before `prisma db seed`).
pub(crate) fn shared_database_data_task(cmd: &SimpleCommand) -> Option<String> {
    let prefix = cmd.env.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    // Django picks its environment by settings module (`DJANGO_SETTINGS_MODULE=app.settings.
    // production`, `manage.py ... --settings=app.settings.prod`), and a task's database by the
    // alias of `--database` (`loaddata f.json --database=production`).
    let option_value = |option: &'static str| {
        cmd.argv
            .iter()
            .enumerate()
            .filter_map(move |(i, w)| match w.strip_prefix(option) {
                Some(v) if v.starts_with('=') => Some(&v[1..]),
                Some("") => cmd.argv.get(i + 1).map(String::as_str),
                _ => None,
            })
    };
    let settings = option_value("--settings")
        .chain(option_value("--database"))
        .chain(
            cmd.env
                .iter()
                .filter(|(n, _)| n == "DJANGO_SETTINGS_MODULE")
                .map(|(_, v)| v.as_str()),
        )
        .any(|module| {
            module
                .split(['.', '_'])
                .any(|part| SHARED_ENVS.contains(&part.to_ascii_lowercase().as_str()))
        });
    let shared = settings
        || prefix
            .chain(task_arguments(&cmd.argv))
            .any(|(name, value)| {
                (FRAMEWORK_ENVS.contains(&name)
                    && SHARED_ENVS.contains(&value.to_ascii_lowercase().as_str()))
                    || (DATABASE_URLS.contains(&name) && value.contains("://") && !local_url(value))
            });
    if !shared {
        return None;
    }
    let words: Vec<&str> = cmd.argv.iter().skip(1).map(String::as_str).collect();
    if let Some(task) = words.iter().find(|w| DATA_TASKS.contains(w)) {
        return Some((*task).to_string());
    }
    // `mix run priv/repo/seeds.exs`, `prisma db seed`, `prisma migrate reset`.
    match cmd.name() {
        "mix" if words.first() == Some(&"run") && words.iter().any(|w| w.contains("seeds")) => {
            Some("mix run seeds".to_string())
        }
        "prisma" if words.starts_with(&["db", "seed"]) => Some("prisma db seed".to_string()),
        "prisma" if words.starts_with(&["migrate", "reset"]) => {
            Some("prisma migrate reset".to_string())
        }
        _ => None,
    }
}

/// A schema-as-code tool applying the project's schema to a database the line names by a URL
/// of another machine, unasked (`atlas schema apply -u postgres://app@pg-main.internal/app --to
/// file://schema.hcl --auto-approve`, `atlas migrate apply --url mysql://db.prod...`): the
/// plan it computes drops every table and column the file does not declare, on a deployed
/// database, with nobody reading it. The same apply to a loopback or SQLite URL is the
/// developer's own database; `schema apply` without `--auto-approve` stops at its prompt.
pub(crate) fn remote_schema_apply(cmd: &SimpleCommand) -> Option<String> {
    if cmd.name() != "atlas" {
        return None;
    }
    let words: Vec<&str> = cmd.argv.iter().skip(1).map(String::as_str).collect();
    let operands: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .take(2)
        .collect();
    let unasked = match operands.as_slice() {
        ["schema", "apply" | "clean"] => words.contains(&"--auto-approve"),
        ["migrate", "apply"] => true,
        _ => false,
    };
    if !unasked || words.iter().any(|w| *w == "--dry-run" || *w == "--help") {
        return None;
    }
    let url = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.split_once('=') {
            Some(("-u" | "--url", v)) => Some(v),
            _ if matches!(*w, "-u" | "--url") => words.get(i + 1).copied(),
            _ => None,
        })?;
    (url.contains("://") && !local_url(url)).then(|| format!("{} {}", operands[0], operands[1]))
}

/// The `NAME=value` arguments of a Rake task run (`rake db:reset RAILS_ENV=development`,
/// `bin/rails db:drop RAILS_ENV=test`, also after `bundle exec`): Rake sets them in the
/// environment of the task, as a prefix would.
fn task_arguments(argv: &[String]) -> impl Iterator<Item = (&str, &str)> {
    let runner = argv
        .iter()
        .position(|w| matches!(w.rsplit('/').next(), Some("rake" | "rails")));
    argv.iter()
        .skip(runner.map_or(argv.len(), |i| i + 1))
        .filter_map(|w| w.split_once('='))
        .filter(|(name, _)| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        })
}

/// A database URL on this machine: SQLite's file URLs, a unix socket, or a loopback host.
fn local_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("sqlite:") || lower.starts_with("file:") {
        return true;
    }
    url.contains("://") && host_of(url).is_some_and(|h| is_loopback_host(&h))
}

/// A database host on this machine: a loopback name or address, or a unix socket directory.
fn local_host(host: &str) -> bool {
    is_loopback_host(&host.to_ascii_lowercase()) || host.starts_with('/')
}

/// `redis-cli -h HOST` / `-u URL` naming this machine, and no other server option; or `-p PORT`
/// alone, a server of this machine the line picks by its port (redis-cli's host is 127.0.0.1
/// unless `-h`/`-u` say otherwise, and it reads no host from the environment). A line with no
/// server option at all names none: the default instance is whichever the machine runs.
fn local_redis_server(argv: &[String]) -> bool {
    let mut named = false;
    let mut words = argv.iter().skip(1);
    while let Some(w) = words.next() {
        match w.as_str() {
            "-p" => match words.next() {
                Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => named = true,
                _ => return false,
            },
            "-h" => match words.next() {
                Some(h) if local_host(h) => named = true,
                _ => return false,
            },
            "-u" => match words.next() {
                Some(u) if local_url(u) => named = true,
                _ => return false,
            },
            _ if w.starts_with("-h") && w.len() > 2 => {
                if !local_host(&w[2..]) {
                    return false;
                }
                named = true;
            }
            _ => {}
        }
    }
    named
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn reset(line: &str) -> bool {
        let parsed = crate::parse::parse(line);
        parsed.commands.iter().any(local_database_reset)
    }

    #[test]
    fn the_line_decides_where_the_database_is() {
        let cases = [
            ("RAILS_ENV=test bin/rails db:reset", true),
            (
                "RAILS_ENV=development bundle exec rake db:schema:load",
                true,
            ),
            ("MIX_ENV=test mix ecto.reset", true),
            (
                "DATABASE_URL=sqlite:///tmp/dev.db python manage.py flush --noinput",
                true,
            ),
            (
                "DB_HOST=127.0.0.1 DB_DATABASE=shop php artisan migrate:fresh",
                true,
            ),
            (
                "DATABASE_URL=postgres://dev@localhost:5432/shop npx prisma migrate reset",
                true,
            ),
            ("redis-cli -h localhost -p 6380 FLUSHDB", true),
            ("redis-cli -u redis://127.0.0.1:6379/2 FLUSHALL", true),
            ("redis-cli -p 6390 -n 3 FLUSHDB", true),
            ("redis-cli -p 6390 -h cache.example.net FLUSHDB", false),
            ("redis-cli -p $PORT FLUSHDB", false),
            ("env RAILS_ENV=test bin/rails db:drop", true),
            // another host, a production environment, or nothing the line shows
            ("RAILS_ENV=production bin/rails db:reset", false),
            (
                "RAILS_ENV=test DATABASE_URL=postgres://db.example.net/shop bin/rails db:reset",
                false,
            ),
            ("DB_HOST=10.0.3.4 php artisan migrate:fresh", false),
            ("bin/rails db:reset", false),
            ("redis-cli FLUSHALL", false),
            ("redis-cli -h cache.example.net FLUSHALL", false),
            (
                "redis-cli -h localhost -u redis://cache.example.net FLUSHALL",
                false,
            ),
            ("RAILS_ENV=$TARGET bin/rails db:reset", false),
            // Rake's `NAME=value` task arguments are the task's environment.
            ("bundle exec rake db:reset RAILS_ENV=development", true),
            ("bin/rails db:drop db:create RAILS_ENV=test", true),
            ("bundle exec rake db:reset RAILS_ENV=production", false),
            (
                "bin/rails db:reset RAILS_ENV=test DATABASE_URL=postgres://db.example.net/shop",
                false,
            ),
            (
                "RAILS_ENV=test bin/rails db:reset RAILS_ENV=production",
                false,
            ),
            // Only Rake reads them: another program's argument is not its environment.
            ("dropdb app_dev RAILS_ENV=test", false),
        ];
        for (line, want) in cases {
            assert_eq!(reset(line), want, "{line}");
        }
    }

    #[test]
    fn a_data_task_on_a_deployed_database_is_named() {
        // (line, the task named, or None)
        let cases = [
            ("RAILS_ENV=production bin/rails db:seed", Some("db:seed")),
            (
                "bundle exec rake db:rollback RAILS_ENV=staging",
                Some("db:rollback"),
            ),
            (
                "MIX_ENV=prod mix run priv/repo/seeds.exs",
                Some("mix run seeds"),
            ),
            (
                "DATABASE_URL=postgres://admin@db.prod.internal:5432/shop npx prisma db seed",
                Some("prisma db seed"),
            ),
            (
                "DATABASE_URL=postgres://app@db.example.net/shop python manage.py loaddata f.json",
                Some("loaddata"),
            ),
            (
                "DJANGO_SETTINGS_MODULE=shop.settings.production python manage.py loaddata f.json",
                Some("loaddata"),
            ),
            (
                "python manage.py loaddata f.json --settings=shop.settings_prod",
                Some("loaddata"),
            ),
            (
                "python manage.py loaddata f.json --database=production",
                Some("loaddata"),
            ),
            (
                "python manage.py loaddata f.json --database staging",
                Some("loaddata"),
            ),
            (
                "DJANGO_SETTINGS_MODULE=shop.settings.dev python manage.py loaddata f.json",
                None,
            ),
            (
                "python manage.py loaddata f.json --settings shop.settings.test",
                None,
            ),
            (
                "APP_ENV=production php artisan db:seed --force",
                Some("db:seed"),
            ),
            // A development, test or local database; a deploy step; a task reading nothing.
            ("RAILS_ENV=development bin/rails db:seed", None),
            ("bin/rails db:seed", None),
            ("RAILS_ENV=production bin/rails db:migrate", None),
            ("RAILS_ENV=production bin/rails assets:precompile", None),
            ("MIX_ENV=prod mix release", None),
            ("NODE_ENV=production npx knex seed:run", Some("seed:run")),
            ("NODE_ENV=production npm run build", None),
            (
                "DATABASE_URL=postgres://dev@localhost:5432/shop npx prisma db seed",
                None,
            ),
            (
                "DATABASE_URL=sqlite:///tmp/dev.db python manage.py loaddata f.json",
                None,
            ),
        ];
        for (line, want) in cases {
            let parsed = crate::parse::parse(line);
            let got = parsed.commands.iter().find_map(shared_database_data_task);
            assert_eq!(got.as_deref(), want, "{line}");
        }
    }
}
