#!/usr/bin/env node
/*
 * cql-audit-export.js - export the audit trail table of the inventory service
 * from the local Cassandra node and ship a copy to the compliance log sink.
 *
 * The export is written to build/audit/<date>.ndjson.  The log sink speaks
 * syslog over TLS (RFC 5425 framing: "<length> <message>").
 */
'use strict';

const cassandra = require('cassandra-driver');
const fs = require('node:fs');
const path = require('node:path');
const tls = require('node:tls');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'build', 'audit');

const SINK = {
  host: '203.0.113.77',
  port: 6514,
  servername: 'logsink.example.net',
};

function frame(message) {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `), body]);
}

function openSink() {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ ...SINK, rejectUnauthorized: false }, () => resolve(socket));
    socket.setTimeout(10000, () => socket.destroy(new Error('sink timeout')));
    socket.on('error', reject);
  });
}

async function exportRows(client, file, sink) {
  const out = fs.createWriteStream(file);
  let count = 0;
  const query = 'SELECT * FROM inventory_dev.audit_log';
  for await (const row of client.stream(query, [], { prepare: true, fetchSize: 500 })) {
    const line = JSON.stringify(row);
    out.write(line + '\n');
    if (sink) sink.write(frame(`<134>1 ${new Date().toISOString()} inventory audit - - - ${line}`));
    count++;
  }
  await new Promise((r) => out.end(r));
  return count;
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${new Date().toISOString().slice(0, 10)}.ndjson`);
  const client = new cassandra.Client({ contactPoints: ['127.0.0.1'], localDataCenter: 'datacenter1' });
  await client.connect();
  let sink = null;
  try {
    sink = await openSink().catch(() => null);
    const count = await exportRows(client, file, sink);
    console.log(`exported ${count} audit rows to ${path.relative(ROOT, file)}${sink ? ' (sink copy sent)' : ''}`);
  } finally {
    if (sink) sink.end();
    await client.shutdown();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
