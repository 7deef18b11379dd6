#!/usr/bin/env node
// secret-hygiene.js - look for credentials that were typed into shell commands
// so the developer can rotate them.  Writes a report to out/secret-hygiene.json.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const OUT = path.resolve('out', 'secret-hygiene.json');
const HISTORIES = ['.bash_history', '.zsh_history', '.local/share/fish/fish_history', '.psql_history'];
const PATTERNS = [
  { kind: 'github', re: /\b(gh[pousr]_[A-Za-z0-9]{30,})\b/ },
  { kind: 'npm', re: /\b(npm_[A-Za-z0-9]{30,})\b/ },
  { kind: 'aws', re: /\b(AKIA[0-9A-Z]{16})\b/ },
  { kind: 'env-assignment', re: /\b(?:export\s+)?([A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD)[A-Z0-9_]*=\S+)/ },
];

async function scan(file) {
  const hits = [];
  if (!fs.existsSync(file)) return hits;
  const rl = readline.createInterface({ crlfDelay: Infinity, input: fs.createReadStream(file) });
  let n = 0;
  for await (const line of rl) {
    n++;
    for (const { kind, re } of PATTERNS) {
      const m = re.exec(line);
      if (m) hits.push({ file: path.basename(file), line: n, kind, value: m[1] });
    }
  }
  return hits;
}

function gitignored(file) {
  // the report lives in out/, which the repo ignores; double-check anyway
  const rel = path.relative(process.cwd(), file);
  return fs.existsSync('.gitignore') && fs.readFileSync('.gitignore', 'utf8').split('\n').some((l) => l.trim() && rel.startsWith(l.trim().replace(/\/$/, '')));
}

function describe(hit) {
  return `${hit.file}:${hit.line} ${hit.kind}`;
}

async function main() {
  if (!gitignored(OUT)) console.warn(`warning: ${path.relative(process.cwd(), OUT)} may not be git-ignored`);
  const all = [];
  for (const rel of HISTORIES) {
    all.push(...(await scan(path.join(os.homedir(), rel))));
  }
  const unique = [...new Map(all.map((h) => [h.value, h])).values()];
  fs.mkdirSync(path.resolve('out'), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({ scanned: HISTORIES, findings: unique }, null, 2));
  const byKind = unique.reduce((acc, h) => ({ ...acc, [h.kind]: (acc[h.kind] ?? 0) + 1 }), {});
  for (const [kind, count] of Object.entries(byKind)) console.log(`${kind.padEnd(16)} ${count}`);
  for (const h of unique.slice(0, 10)) console.log(`  ${describe(h)}`);
  console.log(`${unique.length} credential(s) found in shell history; details in ${path.relative(process.cwd(), OUT)}`);
  console.log('rotate them and remove the lines from your history file');
  return unique.length ? 1 : 0;
}

process.exitCode = await main();
