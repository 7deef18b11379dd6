#!/usr/bin/env node
/*
 * init-env.js -- create .env.local interactively from .env.example.
 *
 * For each key in .env.example it shows the comment above the key and the
 * example default, then asks for a value. Keys that look secret are read
 * without echo and are never printed back. Existing .env.local values are kept
 * unless --reset. The file is written with mode 0600 and must be git-ignored.
 *
 *   node scripts/init-env.js
 *   node scripts/init-env.js --only STRIPE_SECRET_KEY,DATABASE_URL
 *   node scripts/init-env.js --non-interactive     # copy defaults, leave secrets empty
 */
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { execFileSync } = require('child_process');

const CWD = process.cwd();
const EXAMPLE = path.join(CWD, '.env.example');
const TARGET = path.join(CWD, '.env.local');
const SECRET = /(SECRET|TOKEN|PASSWORD|PASS$|API_KEY|PRIVATE|DSN)/i;
const argv = process.argv.slice(2);
const RESET = argv.includes('--reset');
const NON_INTERACTIVE = argv.includes('--non-interactive') || !process.stdin.isTTY;
const onlyIdx = argv.indexOf('--only');
const ONLY = onlyIdx >= 0 ? new Set(argv[onlyIdx + 1].split(',')) : null;

function parseWithComments(text) {
  const entries = [];
  let comment = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
      continue;
    }
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/);
    if (m) {
      entries.push({ key: m[1], example: m[2].replace(/^(['"])(.*)\1$/, '$2'), comment: comment.join(' ') });
    }
    comment = [];
  }
  return entries;
}

function parseValues(text) {
  const out = {};
  for (const e of parseWithComments(text)) out[e.key] = e.example;
  return out;
}

function quote(v) {
  if (v === '' || /^[A-Za-z0-9_./:@+-]+$/.test(v)) return v;
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function gitIgnored(file) {
  try {
    execFileSync('git', ['check-ignore', '-q', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function askVisible(rl, prompt) {
  return new Promise((resolve) => rl.question(prompt, resolve));
}

function askHidden(prompt) {
  // raw-mode read so the secret is not echoed or kept in terminal scrollback
  return new Promise((resolve) => {
    process.stdout.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (buf) => {
      const s = buf.toString('utf8');
      for (const ch of s) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

function validate(key, value) {
  if (/URL$/.test(key) && value) {
    try {
      new URL(value);
    } catch {
      return 'not a valid URL';
    }
  }
  if (/PORT$/.test(key) && value && !/^\d{2,5}$/.test(value)) return 'not a port number';
  return null;
}

async function collect(entries, current) {
  const result = { ...current };
  const rl = NON_INTERACTIVE ? null : readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (const e of entries) {
      if (ONLY && !ONLY.has(e.key)) continue;
      if (!RESET && current[e.key] !== undefined && current[e.key] !== '') continue;
      const secret = SECRET.test(e.key);
      if (NON_INTERACTIVE) {
        result[e.key] = secret ? '' : e.example;
        continue;
      }
      if (e.comment) console.log(`\n# ${e.comment}`);
      let value;
      for (;;) {
        if (secret) {
          rl.pause();
          value = await askHidden(`${e.key} (secret, hidden): `);
          rl.resume();
        } else {
          value = await askVisible(rl, `${e.key} [${e.example}]: `);
          if (value === '') value = e.example;
        }
        const problem = validate(e.key, value);
        if (!problem) break;
        console.log(`  ${problem}, try again`);
      }
      result[e.key] = value;
    }
  } finally {
    if (rl) rl.close();
  }
  return result;
}

function write(entries, values) {
  const order = entries.map((e) => e.key);
  const extra = Object.keys(values).filter((k) => !order.includes(k));
  const lines = ['# written by scripts/init-env.js; not committed'];
  for (const k of [...order, ...extra]) {
    if (values[k] !== undefined) lines.push(`${k}=${quote(values[k])}`);
  }
  const tmp = `${TARGET}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, lines.join('\n') + '\n', { mode: 0o600 });
  fs.renameSync(tmp, TARGET);
  fs.chmodSync(TARGET, 0o600);
}

async function main() {
  if (!fs.existsSync(EXAMPLE)) throw new Error('.env.example not found; run from the project root');
  const entries = parseWithComments(fs.readFileSync(EXAMPLE, 'utf8'));
  const current = fs.existsSync(TARGET) ? parseValues(fs.readFileSync(TARGET, 'utf8')) : {};
  const values = await collect(entries, current);
  write(entries, values);
  const emptySecrets = entries.filter((e) => SECRET.test(e.key) && !values[e.key]).map((e) => e.key);
  console.log(`\nwrote .env.local (${Object.keys(values).length} keys, mode 600)`);
  if (emptySecrets.length) console.log(`still empty: ${emptySecrets.join(', ')}`);
  if (!gitIgnored(TARGET)) console.warn('WARNING: .env.local is not git-ignored; add it to .gitignore');
}

main().catch((err) => {
  console.error(`init-env: ${err.message}`);
  process.exit(1);
});
