//! Client-library calls that destroy a data store were no sinks of the review (issue 17,
//! recall58b): only SQL text handed to a database client and `redis-cli flushall` were.
//! Milvus `utility.drop_collection`, Chroma and Qdrant `delete_collection`, MongoDB
//! `drop_database` / `drop_collection` / `collection.drop()` / `dropDatabase()`, Redis
//! `flushall` / `flushdb`, Elasticsearch and OpenSearch `indices.delete`, and Cypher's
//! `MATCH (n) DETACH DELETE n` are now judged as the SQL statements they equal: dangerous
//! when the script's connections of that client name a server on another machine.
//!
//! Each row has its twin: the same call on this machine (loopback, a one-label compose
//! service, a file or in-memory store, a loopback default of an environment variable), or
//! of a collection the script created itself, stays clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous};

#[test]
fn a_store_dropped_on_another_machine_through_its_client_is_a_destroy() {
    rows(&[
        (Py, r#"import chromadb

client = chromadb.HttpClient(host="chroma.example.net", port=8000)
for col in client.list_collections():
    client.delete_collection(col.name)
"#.to_owned(), Dangerous, "destructive"),
        // Twin: chroma.py on this machine, a project container, or what the script made.
        (Py, r#"import chromadb

client = chromadb.PersistentClient(path=".chroma")
for col in client.list_collections():
    client.delete_collection(col.name)
"#.to_owned(), Clean, ""),
        (Py, r#"from elasticsearch import Elasticsearch

es = Elasticsearch(["https://search.example.org:9200"])
es.indices.delete(index="logs-*")
"#.to_owned(), Dangerous, "destructive"),
        // Twin: es.py on this machine, a project container, or what the script made.
        (Py, r#"from elasticsearch import Elasticsearch

es = Elasticsearch("http://localhost:9200")
es.indices.delete(index="logs-*")
"#.to_owned(), Clean, ""),
        (Ts, r#"import { Client } from '@elastic/elasticsearch';

const client = new Client({ node: 'https://es.internal:9200' });

async function reset(): Promise<void> {
  await client.indices.delete({ index: '_all' });
}

reset().catch((e) => {
  console.error(e);
  process.exit(1);
});
"#.to_owned(), Dangerous, "destructive"),
        // Twin: es.ts on this machine, a project container, or what the script made.
        (Ts, r#"import { Client } from '@elastic/elasticsearch';

const client = new Client({ node: 'http://localhost:9200' });

async function reset(): Promise<void> {
  await client.indices.delete({ index: '_all' });
}

reset().catch((e) => {
  console.error(e);
  process.exit(1);
});
"#.to_owned(), Clean, ""),
        (Py, r#"#!/usr/bin/env python3
"""Reset the vector index before a full re-embed."""
from pymilvus import connections, utility

connections.connect(host="milvus.internal", port="19530")
for name in utility.list_collections():
    utility.drop_collection(name)
print("dropped")
"#.to_owned(), Dangerous, "destructive"),
        // Twin: milvus.py on this machine, a project container, or what the script made.
        (Py, r#"#!/usr/bin/env python3
"""Reset the local vector index before a full re-embed."""
from pymilvus import connections, utility

connections.connect(host="localhost", port="19530")
for name in utility.list_collections():
    utility.drop_collection(name)
print("dropped")
"#.to_owned(), Clean, ""),
        (Js, r#"const { MongoClient } = require('mongodb');

async function main() {
  const client = new MongoClient('mongodb://app:pw@mongo.example.net:27017');
  await client.connect();
  await client.db('shop').dropDatabase();
  await client.db('shop2').collection('orders').drop();
  await client.close();
}
main();
"#.to_owned(), Dangerous, "destructive"),
        // Twin: mongo.js on this machine, a project container, or what the script made.
        (Js, r#"const { MongoClient } = require('mongodb');

async function main() {
  const client = new MongoClient(process.env.MONGO_URL || 'mongodb://127.0.0.1:27017');
  await client.connect();
  await client.db('shop_test').dropDatabase();
  await client.db('shop_test').collection('orders').drop();
  await client.close();
}
main();
"#.to_owned(), Clean, ""),
        (Py, r#"from pymongo import MongoClient

client = MongoClient("mongodb://admin:secret@mongo.prod.example.com:27017/")
client.drop_database("orders")
db = client["analytics"]
db.drop_collection("events")
db["sessions"].drop()
"#.to_owned(), Dangerous, "destructive"),
        // Twin: mongo.py on this machine, a project container, or what the script made.
        (Py, r#"import os
from pymongo import MongoClient

client = MongoClient(os.environ.get("MONGO_URL", "mongodb://localhost:27017/"))
client.drop_database("orders_test")
db = client["analytics_test"]
db.drop_collection("events")
db["sessions"].drop()
"#.to_owned(), Clean, ""),
        (Py, r#"from neo4j import GraphDatabase

driver = GraphDatabase.driver("bolt://graph.internal:7687", auth=("neo4j", "pw"))
with driver.session() as session:
    session.run("MATCH (n) DETACH DELETE n")
"#.to_owned(), Dangerous, "destructive"),
        // Twin: neo4j.py on this machine, a project container, or what the script made.
        (Py, r#"from neo4j import GraphDatabase

driver = GraphDatabase.driver("bolt://localhost:7687", auth=("neo4j", "pw"))
with driver.session() as session:
    session.run("MATCH (n) DETACH DELETE n")
"#.to_owned(), Clean, ""),
        (Ts, r#"import neo4j from 'neo4j-driver';

const driver = neo4j.driver('neo4j://graph.example.com:7687', neo4j.auth.basic('neo4j', 'pw'));

async function wipe(): Promise<void> {
  const session = driver.session();
  try {
    await session.run('MATCH (n) DETACH DELETE n');
  } finally {
    await session.close();
  }
}

wipe().then(() => driver.close());
"#.to_owned(), Dangerous, "destructive"),
        // Twin: neo4j.ts on this machine, a project container, or what the script made.
        (Ts, r#"import neo4j from 'neo4j-driver';

const driver = neo4j.driver('neo4j://localhost:7687', neo4j.auth.basic('neo4j', 'pw'));

async function wipe(): Promise<void> {
  const session = driver.session();
  try {
    await session.run('MATCH (n) DETACH DELETE n');
  } finally {
    await session.close();
  }
}

wipe().then(() => driver.close());
"#.to_owned(), Clean, ""),
        (Py, r#"from qdrant_client import QdrantClient

client = QdrantClient(url="http://qdrant.internal:6333")
client.delete_collection(collection_name="docs_prod")
"#.to_owned(), Dangerous, "destructive"),
        // Twin: qdrant.py on this machine, a project container, or what the script made.
        (Py, r#"import uuid
from qdrant_client import QdrantClient
from qdrant_client.models import Distance, VectorParams

client = QdrantClient(url="http://qdrant.internal:6333")
name = f"itest_{uuid.uuid4().hex}"
client.create_collection(collection_name=name, vectors_config=VectorParams(size=4, distance=Distance.COSINE))
try:
    print(client.get_collection(name))
finally:
    client.delete_collection(collection_name=name)
"#.to_owned(), Clean, ""),
        (Ts, r#"import { QdrantClient } from '@qdrant/js-client-rest';

const client = new QdrantClient({ url: 'http://qdrant.internal:6333' });
const { collections } = await client.getCollections();
for (const c of collections) {
  await client.deleteCollection(c.name);
}
"#.to_owned(), Dangerous, "destructive"),
        // Twin: qdrant.ts on this machine, a project container, or what the script made.
        (Ts, r#"import { QdrantClient } from '@qdrant/js-client-rest';

const client = new QdrantClient({ url: 'http://qdrant.internal:6333' });
const name = `itest_${Date.now()}`;
await client.createCollection(name, { vectors: { size: 4, distance: 'Cosine' } });
try {
  console.log(await client.getCollection(name));
} finally {
  await client.deleteCollection(name);
}
"#.to_owned(), Clean, ""),
        (Js, r#"import { createClient } from 'redis';

const client = createClient({ url: 'redis://cache.prod.example.com:6379' });
await client.connect();
await client.flushAll();
await client.quit();
"#.to_owned(), Dangerous, "destructive"),
        // Twin: redis.js on this machine, a project container, or what the script made.
        (Js, r#"import { createClient } from 'redis';

const client = createClient({ url: 'redis://localhost:6379/15' });
await client.connect();
await client.flushAll();
await client.quit();
"#.to_owned(), Clean, ""),
        (Py, r#"import redis

r = redis.Redis(host="cache.internal", port=6379, db=0)
r.flushall()
"#.to_owned(), Dangerous, "destructive"),
        // Twin: redis.py on this machine, a project container, or what the script made.
        (Py, r#"import redis

r = redis.Redis(host="redis", port=6379, db=15)
r.flushdb()
"#.to_owned(), Clean, ""),
    ]);
}

/// A host the review does not know (an environment variable with no default) stays
/// unjudged, as does a method of the same name on other objects (`DataFrame.drop(columns)`).
#[test]
fn unknown_hosts_and_other_drops_stay_as_they_were() {
    rows(&[
        (
            Py,
            r#"import os
from pymongo import MongoClient

client = MongoClient(os.environ["MONGO_URL"])
client.drop_database("scratch")
"#
            .to_owned(),
            Clean,
            "",
        ),
        (
            Py,
            r#"import pandas as pd
from pymongo import MongoClient

client = MongoClient("mongodb://mongo.example.net:27017")
rows = list(client["app"]["events"].find({}))
frame = pd.DataFrame(rows).drop(columns=["_id"])
frame.to_csv("events.csv")
"#
            .to_owned(),
            Clean,
            "",
        ),
    ]);
}

/// A table of targets one of which is a shared server: the loop reaches it as well, as a
/// psql host of several values is local only when every one is.
#[test]
fn a_table_of_targets_with_a_shared_server_is_judged_by_that_server() {
    let script = |shared: &str| {
        format!(
            r#"import neo4j from 'neo4j-driver';

const TARGETS = {{
  local: {{ uri: 'bolt://localhost:7687' }},
  ci: {{ uri: 'bolt://neo4j:7687' }},
  shared: {{ uri: '{shared}' }},
}};

async function wipe(name: keyof typeof TARGETS): Promise<void> {{
  const t = TARGETS[name];
  const driver = neo4j.driver(t.uri, neo4j.auth.basic('neo4j', 'pw'));
  const session = driver.session();
  await session.run('MATCH (n) DETACH DELETE n');
  await session.close();
  await driver.close();
}}

for (const name of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {{
  await wipe(name);
}}
"#
        )
    };
    rows(&[
        (
            Ts,
            script("neo4j+s://graph.example.net:7687"),
            Dangerous,
            "destructive",
        ),
        // Twin: every target on this machine or a service of the project's containers.
        (Ts, script("bolt://127.0.0.1:7688"), Clean, ""),
    ]);
}
