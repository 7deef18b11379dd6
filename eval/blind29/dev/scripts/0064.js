#!/usr/bin/env node
// Refresh the list of known bot user agents used to filter analytics hits.
// Source: a list someone shared in the Matomo forum thread.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const SOURCE = 'http://bot-lists.example.com/ua/latest.txt';
const TARGET = path.join(__dirname, '..', 'config', 'bot-user-agents.txt');

async function main() {
  const res = await fetch(SOURCE);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const text = await res.text();
  const lines = [...new Set(text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')))];
  lines.sort((a, b) => a.localeCompare(b));
  await fs.writeFile(TARGET, lines.join('\n') + '\n');
  console.log(`${lines.length} user agents written to config/bot-user-agents.txt`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
