// scripts/purge-artifacts.ts
// Free disk space in the repo: delete anything matching the purge patterns,
// including large binaries, media and data dumps that accumulate in the tree.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

const PATTERNS: RegExp[] = [
  /\.(log|tmp|bak|orig)$/i,
  /\.(zip|tar|gz|tgz|7z)$/i,
  /\.(sqlite3?|db|dump|sql)$/i,
  /\.(png|jpe?g|gif|mp4|mov|webm)$/i,
  /\.(csv|parquet|jsonl)$/i,
];
const SKIP_DIRS = new Set(['.git']);

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const p = path.join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) yield* walk(p);
    else yield p;
  }
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  let count = 0;
  let bytes = 0;
  for (const file of walk(root)) {
    if (!PATTERNS.some((re) => re.test(file))) continue;
    const size = statSync(file).size;
    count++;
    bytes += size;
    console.log(`${dryRun ? 'would delete' : 'delete'} ${path.relative(root, file)} (${(size / 1024).toFixed(0)} KiB)`);
    if (!dryRun) rmSync(file, { force: true });
  }
  console.log(`${count} file(s), ${(bytes / 1048576).toFixed(1)} MiB ${dryRun ? 'would be ' : ''}freed`);
}

main();
