//! Client libraries of data stores that do not take SQL (vector databases, document stores,
//! key-value stores, search engines, graph databases), and the calls of theirs that destroy a
//! store: each is judged as the SQL statement it equals ([`crate::sql::Reach`]), by where the
//! script's connections to that kind of store point.
//!
//! `utility.drop_collection(name)` (Milvus), `client.delete_collection(name)` (Chroma,
//! Qdrant), `db.drop_collection(name)` / `collection.drop()` (MongoDB) drop a table;
//! `client.drop_database(name)`, `db.dropDatabase()`, `flushall`/`flushdb` (Redis),
//! `indices.delete(index="*")` and Cypher's `MATCH (n) DETACH DELETE n` empty a whole
//! database.

use crate::engine::Val;
use crate::places::UNKNOWN;
use crate::sql::Reach;
use terraphim_shell_vocab::hosts::is_loopback_host;

/// Modules (Python modules, JavaScript packages) of clients of data stores that do not take
/// SQL text: their connections reach a server, and their own methods drop its data.
const STORE_MODULES: &[&str] = &[
    "pymilvus",
    "chromadb",
    "qdrant_client",
    "pymongo",
    "motor",
    "mongoengine",
    "redis",
    "elasticsearch",
    "opensearchpy",
    "neo4j",
    "mongodb",
    "mongoose",
    "ioredis",
    "@redis/client",
    "@elastic/elasticsearch",
    "@opensearch-project/opensearch",
    "@qdrant/js-client-rest",
    "@zilliz/milvus2-sdk-node",
    "neo4j-driver",
];

/// Whether `module` (as imported, or a call's qualified name) is of [`STORE_MODULES`].
pub(crate) fn is_store_module(module: &str) -> bool {
    STORE_MODULES.iter().any(|m| {
        module == *m
            || module
                .strip_prefix(m)
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('/'))
    })
}

/// Where a connection to a store points, from the arguments of the call that makes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// This machine: no host given (the client's default is `localhost`), a loopback host,
    /// a name of one label (a service of the project's compose file or test containers), a
    /// file or in-memory store (`PersistentClient(path=".chroma")`), or a value whose
    /// alternatives include a loopback default (`os.environ.get("URL", "redis://localhost")`)
    /// and no host on another machine.
    Local,
    /// A server on another machine the script names (`milvus.internal`, `mongo.example.net`).
    Remote(String),
    /// A host the review does not know (read from the environment, with no default).
    Unknown,
}

/// Argument names that hold where a connection goes.
const HOST_KEYS: &[&str] = &[
    "host",
    "hostname",
    "server",
    "url",
    "uri",
    "dsn",
    "connectionstring",
    "address",
    "node",
    "nodes",
    "hosts",
    "cloud_id",
];

/// The host a text names: the authority of a URL (`mongodb://u:p@db:27017/x`), a
/// `host:port` spelled alone, or (`bare`, the value of a `host` argument) a name alone. `None`
/// for a text that is no host (a path such as `.chroma`, prose).
fn host_in(text: &str, bare: bool) -> Option<String> {
    let rest = match text.split_once("://") {
        Some((_, rest)) => rest,
        None if text.contains(['/', ' ', '=']) || text.starts_with('.') || text.is_empty() => {
            return None;
        }
        None if bare => text,
        None => match text.rsplit_once(':') {
            Some((_, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => text,
            _ => return None,
        },
    };
    // A seed list (`mongodb://a:27017,b:27017/db`): the first member.
    let authority = rest.split(['/', '?', ',']).next().unwrap_or("");
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// Whether a host is of this machine or of the project's own containers.
fn local_host(host: &str) -> bool {
    is_loopback_host(host) || (!host.contains('.') && !host.contains(':'))
}

/// What one value says of a connection's host: `Some(Local)`, `Some(Remote)`, `Some(Unknown)`,
/// or `None` when it names no host at all.
fn target_of_text(v: &Val, bare: bool) -> Option<Target> {
    let texts: Vec<&String> = v.text.iter().chain(&v.alts).collect();
    if texts.is_empty() {
        return None;
    }
    let (mut remote, mut local, mut unknown) = (None, false, false);
    for t in texts {
        match host_in(t, bare) {
            // A host built at run time (`f"{HOST}:19530"`).
            Some(h) if h.contains(UNKNOWN) => unknown = true,
            Some(h) if local_host(&h) => local = true,
            Some(h) => remote = remote.or(Some(h)),
            None if t.contains(UNKNOWN) => unknown = true,
            None => {}
        }
    }
    // One of a table's targets on another machine is one the script may reach; a loopback
    // default of a value read at run time is the server it is written for.
    match (remote, local, unknown) {
        (Some(h), _, _) => Some(Target::Remote(h)),
        (None, true, _) => Some(Target::Local),
        (None, false, true) => Some(Target::Unknown),
        (None, false, false) => None,
    }
}

/// Where the connection a store client's call (`MongoClient(uri)`, `connections.connect(host=
/// "milvus.internal")`, `new Client({ node })`) makes points, from its positional arguments
/// (a URL, a list of hosts, an options object) and its keyword arguments.
pub(crate) fn connection_target(args: &[&Val], keywords: &[(&str, &Val)]) -> Target {
    fn of(v: &Val, depth: u8, bare: bool) -> Option<Target> {
        if let Some(t) = target_of_text(v, bare) {
            return Some(t);
        }
        if let Some(items) = &v.items
            && let Some(t) = items.iter().find_map(|i| of(i, depth + 1, bare))
        {
            return Some(t);
        }
        if depth < 2 {
            return v
                .fields
                .iter()
                .filter(|(k, _)| HOST_KEYS.contains(&k.to_ascii_lowercase().as_str()))
                .find_map(|(_, f)| of(f, depth + 1, true));
        }
        None
    }
    let keyed = keywords
        .iter()
        .filter(|(k, _)| HOST_KEYS.contains(&k.to_ascii_lowercase().as_str()))
        .find_map(|(_, v)| of(v, 1, true));
    // A file or in-memory store (`PersistentClient(path=...)`, `MongoMemoryServer`) names no
    // host: this machine.
    keyed
        .or_else(|| args.iter().find_map(|a| of(a, 0, false)))
        .unwrap_or(Target::Local)
}

/// A store client's method that destroys data: what it destroys, as the SQL statement it
/// equals.
pub(crate) struct Destroy {
    pub(crate) what: &'static str,
    pub(crate) reach: Reach,
}

/// The store method `method` called on a receiver spelled `recv` (`es.indices`, `client`),
/// with `argc` positional arguments, when it destroys data.
pub(crate) fn destroying_method(method: &str, recv: &str, argc: usize) -> Option<Destroy> {
    let destroy = |what, reach| Some(Destroy { what, reach });
    match method {
        "drop_collection" | "delete_collection" | "dropCollection" | "deleteCollection" => {
            destroy("drops the collection", Reach::Tables)
        }
        "drop_database" | "dropDatabase" => destroy("drops the database", Reach::Database),
        "flushall" | "flushAll" => destroy("deletes every key of every database", Reach::Database),
        "flushdb" | "flushDb" => destroy("deletes every key of the database", Reach::Database),
        // `collection.drop()` (MongoDB): no arguments, where a data frame's `drop` has some.
        "drop" if argc == 0 && !recv.is_empty() => destroy("drops the collection", Reach::Tables),
        // `es.indices.delete(index=...)`, `client.indices.delete({ index })`.
        "delete" if recv.rsplit('.').next() == Some("indices") => {
            destroy("deletes the index", Reach::Tables)
        }
        _ => None,
    }
}

/// Store methods that create the collection, index or database their first argument names:
/// a later drop of that name removes what the script made.
pub(crate) fn creating_method(method: &str, recv: &str) -> bool {
    matches!(
        method,
        "create_collection"
            | "createCollection"
            | "recreate_collection"
            | "get_or_create_collection"
            | "getOrCreateCollection"
    ) || (method == "create" && recv.rsplit('.').next() == Some("indices"))
}

/// Methods of graph database sessions that run the Cypher text they are given.
pub(crate) const CYPHER_RUNNING_METHODS: &[&str] =
    &["run", "execute_query", "executeQuery", "query", "write"];

/// What a Cypher statement destroys: `MATCH (n) DETACH DELETE n` every node of the database,
/// `MATCH (n:Label) DETACH DELETE n` every node of a label (a table's rows). A `WHERE`, a
/// property map or a `LIMIT` makes it a scoped delete.
pub(crate) fn cypher_destroys(text: &str) -> Option<(&'static str, Reach)> {
    let t = text.to_ascii_lowercase();
    let t: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = t.find("match (")?;
    let rest = &t[at + "match (".len()..];
    let (pattern, after) = rest.split_once(')')?;
    if !(after.contains("detach delete") || after.trim_start().starts_with("delete"))
        || after.contains("where")
        || after.contains("limit")
        || pattern.contains('{')
        || after.trim_start().starts_with('-')
    {
        return None;
    }
    match pattern.contains(':') {
        true => Some(("deletes every node of a label", Reach::Tables)),
        false => Some(("deletes every node of the graph", Reach::Database)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_targets() {
        let lit = Val::lit;
        let t = |args: &[Val], kw: &[(&str, Val)]| {
            connection_target(
                &args.iter().collect::<Vec<_>>(),
                &kw.iter().map(|(k, v)| (*k, v)).collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            t(&[], &[("host", lit("milvus.internal"))]),
            Target::Remote("milvus.internal".into())
        );
        assert_eq!(t(&[], &[("host", lit("localhost"))]), Target::Local);
        assert_eq!(t(&[], &[]), Target::Local);
        assert_eq!(
            t(&[lit("mongodb://app:pw@db.example.net:27017/app")], &[]),
            Target::Remote("db.example.net".into())
        );
        assert_eq!(t(&[lit("mongodb://mongo:27017")], &[]), Target::Local);
        assert_eq!(t(&[lit(".chroma")], &[]), Target::Local);
        assert_eq!(t(&[lit("vectors.db")], &[]), Target::Local);
        assert_eq!(
            t(&[lit("milvus.example.net:19530")], &[]),
            Target::Remote("milvus.example.net".into())
        );
        assert_eq!(t(&[Val::unknown()], &[]), Target::Local);
        assert_eq!(
            t(&[Val::lit(format!("redis://{UNKNOWN}:6379"))], &[]),
            Target::Unknown
        );
        let mut defaulted = Val::unknown();
        defaulted.text = Some(UNKNOWN.to_string());
        defaulted.alts = vec![UNKNOWN.to_string(), "redis://localhost:6379/0".to_owned()];
        assert_eq!(t(&[defaulted], &[]), Target::Local);
        // A table of targets, one of them a shared server.
        let mut table = Val::unknown();
        table.text = Some(UNKNOWN.to_string());
        table.alts = vec![
            "bolt://localhost:7687".to_owned(),
            "neo4j+s://graph.example.net:7687".to_owned(),
        ];
        assert_eq!(t(&[table], &[]), Target::Remote("graph.example.net".into()));
        assert_eq!(
            t(&[Val::list(vec![lit("https://es.internal:9200")])], &[]),
            Target::Remote("es.internal".into())
        );
    }

    #[test]
    fn cypher_statements() {
        for (text, reach) in [
            ("MATCH (n) DETACH DELETE n", Some(Reach::Database)),
            (
                "MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS",
                Some(Reach::Database),
            ),
            ("MATCH (d:Doc) DETACH DELETE d", Some(Reach::Tables)),
            ("MATCH (d:Doc) WHERE d.run = $run DETACH DELETE d", None),
            ("MATCH (d:Doc {id: $id}) DETACH DELETE d", None),
            ("MATCH (n) RETURN count(n)", None),
            ("MATCH (a)-[r:LIKES]->(b) DELETE r", None),
        ] {
            assert_eq!(cypher_destroys(text).map(|(_, r)| r), reach, "{text}");
        }
    }
}
