#!/usr/bin/env node
// scripts/etcd-config.js - manage the feature-flag tree in the local etcd.
//
//   load     write config/flags/*.json under /flags/<env>/ (default env: dev)
//   dump     print the tree as JSON
//   diff     compare files with etcd
//   wipe     delete /flags/<env>/ (requires --yes, env must be dev or test)
//   watch    print changes live (Ctrl-C to stop)
//
// Talks to ETCD_ENDPOINTS (default http://127.0.0.1:2379). Remote endpoints
// are only allowed with --remote, and never for wipe.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Etcd3 } = require('etcd3');

const ROOT = path.resolve(__dirname, '..');
const FLAGS_DIR = path.join(ROOT, 'config', 'flags');
const ENDPOINTS = (process.env.ETCD_ENDPOINTS || 'http://127.0.0.1:2379').split(',');
const WIPEABLE_ENVS = new Set(['dev', 'test']);

function parseArgs(argv) {
  const out = { cmd: argv[0] || 'dump', env: 'dev', yes: false, remote: false };
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--env') out.env = argv[++i];
    else if (argv[i] === '--yes') out.yes = true;
    else if (argv[i] === '--remote') out.remote = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!/^[a-z0-9-]+$/.test(out.env)) throw new Error(`bad env name ${out.env}`);
  return out;
}

function isLocal(endpoint) {
  try {
    const { hostname } = new URL(endpoint);
    return hostname === '127.0.0.1' || hostname === 'localhost';
  } catch {
    return false;
  }
}

function flatten(obj, prefix = '') {
  const out = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}/${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v, key));
    else out[key] = JSON.stringify(v);
  }
  return out;
}

function unflatten(pairs, prefix) {
  const tree = {};
  for (const [full, raw] of Object.entries(pairs)) {
    const parts = full.slice(prefix.length).split('/').filter(Boolean);
    let node = tree;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    try {
      node[parts.at(-1)] = JSON.parse(raw);
    } catch {
      node[parts.at(-1)] = raw;
    }
  }
  return tree;
}

function readFiles(env) {
  const prefix = `/flags/${env}/`;
  const wanted = {};
  for (const file of fs.readdirSync(FLAGS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const service = path.basename(file, '.json');
    const doc = JSON.parse(fs.readFileSync(path.join(FLAGS_DIR, file), 'utf8'));
    for (const [k, v] of Object.entries(flatten(doc))) wanted[`${prefix}${service}/${k}`] = v;
  }
  return wanted;
}

async function current(client, prefix) {
  return client.getAll().prefix(prefix).strings();
}

async function load(client, env) {
  const wanted = readFiles(env);
  const have = await current(client, `/flags/${env}/`);
  const changed = Object.entries(wanted).filter(([k, v]) => have[k] !== v);
  if (!changed.length) {
    console.log('etcd already matches the files');
    return;
  }
  // one transaction so services never see a half-loaded flag set
  const txn = client.if(`/flags/${env}/.lock`, 'Create', '==', 0);
  const ops = changed.map(([k, v]) => client.put(k).value(v));
  await txn.then(...ops).commit();
  for (const [k] of changed) console.log(`  put ${k}`);
}

async function diff(client, env) {
  const wanted = readFiles(env);
  const have = await current(client, `/flags/${env}/`);
  const keys = new Set([...Object.keys(wanted), ...Object.keys(have)]);
  let n = 0;
  for (const k of [...keys].sort()) {
    if (!(k in have)) console.log(`+ ${k} = ${wanted[k]}`);
    else if (!(k in wanted)) console.log(`- ${k}`);
    else if (have[k] !== wanted[k]) console.log(`~ ${k}: ${have[k]} -> ${wanted[k]}`);
    else continue;
    n++;
  }
  console.log(n ? `${n} difference(s)` : 'no differences');
}

async function wipe(client, env, opts) {
  if (!WIPEABLE_ENVS.has(env)) throw new Error(`wipe is only allowed for ${[...WIPEABLE_ENVS].join('/')}`);
  if (!ENDPOINTS.every(isLocal)) throw new Error('wipe is only allowed against the local etcd');
  if (!opts.yes) {
    console.log(`would delete everything under /flags/${env}/ (pass --yes)`);
    return;
  }
  const res = await client.delete().prefix(`/flags/${env}/`);
  console.log(`deleted ${res.deleted} key(s) under /flags/${env}/`);
}

async function watch(client, env) {
  const watcher = await client.watch().prefix(`/flags/${env}/`).create();
  watcher.on('put', (kv) => console.log(`put ${kv.key.toString()} = ${kv.value.toString()}`));
  watcher.on('delete', (kv) => console.log(`del ${kv.key.toString()}`));
  console.log(`watching /flags/${env}/ (Ctrl-C to stop)`);
  await new Promise((resolve) => process.once('SIGINT', resolve));
  await watcher.cancel();
}

// Save the current tree into config/flags so a tweak made with etcdctl
// during debugging can be committed instead of lost.
async function exportFiles(client, env) {
  const prefix = `/flags/${env}/`;
  const tree = unflatten(await current(client, prefix), prefix);
  const written = [];
  for (const [service, doc] of Object.entries(tree)) {
    if (!/^[a-z0-9-]+$/.test(service)) {
      console.log(`skipping odd service name ${service}`);
      continue;
    }
    const file = path.join(FLAGS_DIR, `${service}.json`);
    fs.writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    written.push(path.relative(ROOT, file));
  }
  console.log(written.length ? `wrote ${written.join(', ')}` : 'nothing to export');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!ENDPOINTS.every(isLocal) && !opts.remote) {
    throw new Error(`endpoints ${ENDPOINTS.join(',')} are not local; pass --remote to read/write them`);
  }
  const client = new Etcd3({ hosts: ENDPOINTS, dialTimeout: 3000 });
  try {
    switch (opts.cmd) {
      case 'load':
        return await load(client, opts.env);
      case 'dump':
        return console.log(JSON.stringify(unflatten(await current(client, `/flags/${opts.env}/`), `/flags/${opts.env}/`), null, 2));
      case 'diff':
        return await diff(client, opts.env);
      case 'wipe':
        return await wipe(client, opts.env, opts);
      case 'watch':
        return await watch(client, opts.env);
      case 'export':
        return await exportFiles(client, opts.env);
      default:
        throw new Error(`unknown command ${opts.cmd}`);
    }
  } finally {
    client.close();
  }
}

main().catch((e) => {
  console.error(`etcd-config: ${e.message}`);
  process.exit(1);
});
