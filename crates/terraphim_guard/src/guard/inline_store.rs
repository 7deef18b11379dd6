//! Inline code that destroys a data store through its client library, aimed at another machine:
//! `python3 -c "...MongoClient('mongodb://db.internal').drop_database('app')"`, `node -e
//! "...createClient({url:'redis://cache.internal:6379'})...flushAll()"`, `ruby -e "Redis.new(host:
//! 'cache.internal').flushall"`, Elasticsearch's `indices.delete`, a vector store's
//! `drop_collection` / `delete_collection`.
//!
//! The client libraries' destroyers are methods, not SQL text, so the statement rules
//! (`sql_text.rs`, the KG's `psql -c '*drop table*'`) never see them; the script review models
//! them as sinks of a script's flow. On the command line the code is one string: a destroyer's
//! name called in it (a word ending where a call or the code does) together with a server the
//! code names that is neither this machine nor a compose service (a host with a dot or an IP
//! address that is no loopback one) is the same drop as `mongosh HOST --eval
//! 'db.dropDatabase()'` or `redis-cli -h HOST flushall`, which the KG denies. Without a host in
//! the code the client connects to its default, this machine: the line stays confined as
//! before, as does a read (`list_collections()`, `info()`).

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// Client-library methods that delete a whole store: a database, every key, an index or a
/// collection (Mongo, Redis, Elasticsearch/OpenSearch, vector stores, SQLAlchemy's `drop_all`).
const DESTROYERS: &[&str] = &[
    "drop_database",
    "dropDatabase",
    "flushall",
    "flushAll",
    "flushdb",
    "flushDb",
    "drop_collection",
    "dropCollection",
    "delete_collection",
    "deleteCollection",
    "indices.delete",
    "delete_index",
    "deleteIndex",
    "delete_by_query",
    "deleteByQuery",
    "drop_all",
    "drop_keyspace",
];

/// The options after which an interpreter's next word is its program text.
const CODE_OPTIONS: &[&str] = &["-c", "-e", "--eval", "-p", "--print", "-E"];

/// Interpreters whose inline code may call a client library.
fn interpreter(name: &str) -> bool {
    name.starts_with("python")
        || matches!(
            name,
            "node" | "nodejs" | "bun" | "deno" | "ruby" | "perl" | "php" | "pypy" | "pypy3"
        )
}

/// The destroyer `cmd`'s inline code calls and the server of another machine it names.
pub(crate) fn destroyed_store(cmd: &SimpleCommand) -> Option<(&'static str, String)> {
    let name = cmd.argv.first()?.rsplit('/').next()?;
    if !interpreter(name) {
        return None;
    }
    let code = cmd
        .argv
        .windows(2)
        .find(|w| CODE_OPTIONS.contains(&w[0].as_str()) || (name == "deno" && w[0] == "eval"))
        .map(|w| w[1].as_str())?;
    let call = DESTROYERS.iter().copied().find(|d| calls(code, d))?;
    let host = hosts(code).find(|h| remote(h))?;
    Some((call, host))
}

/// Whether `code` calls method `method`: the name after a `.`, ending where its call or the
/// code does (`.flushall()`, Ruby's `.flushall`), not a word in a string (`'flushall'`).
fn calls(code: &str, method: &str) -> bool {
    code.match_indices(method).any(|(i, _)| {
        let after = code[i + method.len()..].chars().next();
        code[..i].ends_with('.') && after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

/// The hosts `code` names: every URL's (`scheme://host`), and the string value of a `host`
/// argument or key (`host='x'`, `host: 'x'`, `"host": "x"`).
fn hosts(code: &str) -> impl Iterator<Item = String> + '_ {
    let urls = code.match_indices("://").filter_map(move |(i, _)| {
        let rest = &code[i + 3..];
        let end = rest
            .find(['\'', '"', '`', ' ', ')', ',', '}'])
            .unwrap_or(rest.len());
        host_of(&format!("x://{}", &rest[..end]))
    });
    let named = code.match_indices("host").filter_map(move |(i, _)| {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let rest = code[i + 4..].trim_start_matches(['\'', '"']);
        let rest = rest.trim_start().strip_prefix(['=', ':'])?.trim_start();
        let quote = rest.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
        let value = rest[1..].split(quote).next()?;
        host_of(value)
    });
    urls.chain(named)
}

/// A server of another machine: not loopback, and not a bare name (`db`, `redis`), which a
/// compose project's service on this machine is called.
fn remote(host: &str) -> bool {
    !is_loopback_host(host) && host.contains(['.', ':'])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::first_command as first;

    #[test]
    fn destroyers_aimed_at_another_machine() {
        for (line, want) in [
            (
                "python3 -c \"from pymongo import MongoClient; MongoClient('mongodb://mongo.internal:27017').drop_database('app')\"",
                Some(("drop_database", "mongo.internal")),
            ),
            (
                "ruby -e \"require 'redis'; Redis.new(host: 'cache.internal').flushall\"",
                Some(("flushall", "cache.internal")),
            ),
            (
                "node -e \"require('redis').createClient({url:'redis://10.0.3.4:6379'}).connect().then(c=>c.flushAll())\"",
                Some(("flushAll", "10.0.3.4")),
            ),
            (
                "python3 -c \"import redis; redis.Redis(host='localhost').flushall()\"",
                None,
            ),
            (
                "python3 -c \"import redis; redis.Redis().flushall()\"",
                None,
            ),
            (
                "python3 -c \"import redis; redis.Redis(host='redis').flushall()\"",
                None,
            ),
            (
                "python3 -c \"import redis; print(redis.Redis(host='cache.internal').info())\"",
                None,
            ),
            (
                "python3 -c \"print('flushall', 'https://docs.example.org')\"",
                None,
            ),
        ] {
            let got = destroyed_store(&first(line));
            assert_eq!(got.as_ref().map(|(c, h)| (*c, h.as_str())), want, "{line}");
        }
    }
}
