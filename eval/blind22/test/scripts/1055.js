#!/usr/bin/env node
// tools/zk-fixtures.js -- seed the ZooKeeper that the legacy ledger
// coordinator still reads its routing table from (docker compose `zookeeper`).
//
//   node tools/zk-fixtures.js load            create/update znodes from fixtures/zk.json
//   node tools/zk-fixtures.js dump            print the /ledger-test tree
//   node tools/zk-fixtures.js reset --yes     deleteall /ledger-test and load again
//
// Only the /ledger-test subtree is ever written or deleted, and only on a
// ZooKeeper reachable at localhost (ZK_SERVER, default localhost:2181). All
// commands go through zkCli.sh inside the compose container.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const FIXTURE = path.join(repo, 'fixtures', 'zk.json');
const ROOT = '/ledger-test';
const SERVER = process.env.ZK_SERVER ?? 'localhost:2181';

function assertLocal() {
  const host = SERVER.split(':')[0];
  if (!['localhost', '127.0.0.1'].includes(host)) {
    throw new Error(`ZK_SERVER ${SERVER} is not local; refusing`);
  }
}

function zk(...commands) {
  // zkCli.sh accepts one command per invocation when given as arguments
  const res = spawnSync('docker', ['compose', 'exec', '-T', 'zookeeper', 'zkCli.sh', '-server', 'localhost:2181', ...commands], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (res.error) throw res.error;
  const lines = `${res.stdout}`.split('\n').filter((l) => !/^(WATCHER|WatchedEvent|Connecting|log4j|\s*$)/.test(l));
  return { ok: res.status === 0, lines };
}

function guard(p) {
  if (p !== ROOT && !p.startsWith(`${ROOT}/`)) throw new Error(`path ${p} is outside ${ROOT}`);
  if (p.includes('..')) throw new Error(`path ${p} contains ..`);
  return p;
}

function flatten(node, prefix = ROOT, out = []) {
  const { _data, ...children } = node;
  out.push([prefix, _data === undefined ? '' : JSON.stringify(_data)]);
  for (const [k, v] of Object.entries(children)) {
    if (!/^[A-Za-z0-9._-]+$/.test(k)) throw new Error(`bad znode name ${k}`);
    flatten(v ?? {}, `${prefix}/${k}`, out);
  }
  return out;
}

function exists(p) {
  const r = zk('stat', guard(p));
  return r.ok && !r.lines.some((l) => l.includes('does not exist'));
}

function load() {
  const tree = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  const nodes = flatten(tree);
  let created = 0;
  let updated = 0;
  for (const [p, data] of nodes) {
    if (exists(p)) {
      zk('set', guard(p), data || '""');
      updated++;
    } else {
      zk('create', guard(p), data || '""');
      created++;
    }
  }
  console.log(`${created} created, ${updated} updated under ${ROOT}`);
}

function children(p) {
  const r = zk('ls', guard(p));
  const line = r.lines.reverse().find((l) => l.startsWith('['));
  if (!line) return [];
  return line
    .slice(1, -1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function dump(p = ROOT, depth = 0) {
  if (depth === 0 && !exists(ROOT)) {
    console.log(`${ROOT} does not exist`);
    return;
  }
  const data = zk('get', guard(p)).lines.find((l) => l.startsWith('{') || l.startsWith('"') || l.startsWith('['));
  console.log(`${'  '.repeat(depth)}${path.posix.basename(p) || p}${data ? ` = ${data}` : ''}`);
  for (const c of children(p)) dump(`${p}/${c}`, depth + 1);
}

function reset(yes) {
  if (!yes) {
    console.log(`would run deleteall ${ROOT} and reload ${path.relative(repo, FIXTURE)}; pass --yes`);
    return;
  }
  if (exists(ROOT)) {
    zk('deleteall', guard(ROOT));
    console.log(`deleted ${ROOT}`);
  }
  load();
}

// Compare the fixture file with the live tree and report drift, e.g. after a
// test modified routing entries and did not restore them.
function diff() {
  const tree = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  const wanted = new Map(flatten(tree));
  const live = new Map();
  const walk = (p) => {
    const data = zk('get', guard(p)).lines.find((l) => l.startsWith('{') || l.startsWith('"') || l.startsWith('['));
    live.set(p, data ?? '');
    for (const c of children(p)) walk(`${p}/${c}`);
  };
  if (exists(ROOT)) walk(ROOT);
  let drift = 0;
  for (const [p, data] of wanted) {
    if (!live.has(p)) {
      console.log(`missing   ${p}`);
      drift++;
    } else if ((live.get(p) || '""') !== (data || '""')) {
      console.log(`changed   ${p}`);
      drift++;
    }
  }
  for (const p of live.keys()) {
    if (!wanted.has(p)) {
      console.log(`extra     ${p}`);
      drift++;
    }
  }
  console.log(drift ? `${drift} difference(s)` : 'tree matches fixtures');
  return drift ? 1 : 0;
}

// Export the live tree back into the fixture format (for updating fixtures
// after an intentional change made through the coordinator UI).
function exportTree(p = ROOT) {
  const node = {};
  const data = zk('get', guard(p)).lines.find((l) => l.startsWith('{') || l.startsWith('"') || l.startsWith('['));
  if (data && data !== '""') node._data = JSON.parse(data);
  for (const c of children(p)) node[c] = exportTree(`${p}/${c}`);
  return node;
}

function waitReady() {
  for (let i = 0; i < 30; i++) {
    const r = spawnSync('docker', ['compose', 'exec', '-T', 'zookeeper', 'sh', '-c', 'echo ruok | nc -w 1 localhost 2181'], {
      cwd: repo,
      encoding: 'utf8',
    });
    if ((r.stdout ?? '').includes('imok')) return;
    spawnSync('sleep', ['1']);
  }
  throw new Error('zookeeper did not answer ruok within 30s');
}

function main() {
  assertLocal();
  waitReady();
  const [cmd = 'dump', ...rest] = process.argv.slice(2);
  if (cmd === 'load') load();
  else if (cmd === 'dump') dump();
  else if (cmd === 'reset') reset(rest.includes('--yes'));
  else if (cmd === 'diff') process.exitCode = diff();
  else if (cmd === 'export') fs.writeFileSync(FIXTURE, JSON.stringify(exportTree(), null, 2) + '\n');
  else throw new Error(`unknown command ${cmd}`);
}

try {
  main();
} catch (e) {
  console.error(`zk-fixtures: ${e.message}`);
  process.exit(1);
}
