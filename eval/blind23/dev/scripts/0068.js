#!/usr/bin/env node
// transform-logs.js - apply ad-hoc transforms to a JSON log before analysis.
// Transforms are JSON files: { "name": "...", "body": "<js returning record>" }
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');

async function main() {
  const [transformFile, logFile] = process.argv.slice(2);
  if (!transformFile || !logFile) {
    console.error('usage: transform-logs.js <transform.json> <log.jsonl>');
    process.exit(2);
  }
  const spec = JSON.parse(fs.readFileSync(transformFile, 'utf8'));
  const transform = new Function('record', 'require', spec.body);

  const rl = readline.createInterface({ input: fs.createReadStream(logFile) });
  let n = 0;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const out = transform(JSON.parse(line), require);
    if (out !== undefined) {
      process.stdout.write(JSON.stringify(out) + '\n');
      n++;
    }
  }
  console.error(`${spec.name || 'transform'}: ${n} record(s)`);
}

main();
