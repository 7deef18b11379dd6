// scripts/outdated-deps.ts
// Compare package.json dependency ranges with the latest versions on the npm
// registry. Responses are cached for an hour in ~/.cache/depcheck.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const REGISTRY = 'https://registry.npmjs.org';
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'depcheck');
const TTL_MS = 60 * 60 * 1000;

interface Packument {
  'dist-tags': { latest: string };
  time?: Record<string, string>;
}

async function cached(name: string): Promise<Packument> {
  await mkdir(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${name.replace('/', '__')}.json`);
  try {
    const st = await stat(file);
    if (Date.now() - st.mtimeMs < TTL_MS) return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    // cache miss
  }
  const res = await fetch(`${REGISTRY}/${encodeURIComponent(name).replace('%40', '@')}`, {
    headers: { Accept: 'application/vnd.npm.install-v1+json' },
  });
  if (!res.ok) throw new Error(`${name}: registry returned ${res.status}`);
  const body = (await res.json()) as Packument;
  await writeFile(file, JSON.stringify(body));
  return body;
}

function stripRange(range: string): string {
  return range.replace(/^[~^>=<\s]+/, '');
}

async function main(): Promise<void> {
  const pkg = JSON.parse(await readFile(path.resolve('package.json'), 'utf8'));
  const deps: Record<string, string> = { ...pkg.dependencies, ...pkg.devDependencies };
  const rows: string[][] = [];
  for (const [name, range] of Object.entries(deps).sort()) {
    if (range.startsWith('workspace:') || range.startsWith('file:')) continue;
    try {
      const latest = (await cached(name))['dist-tags'].latest;
      if (stripRange(range) !== latest) rows.push([name, range, latest]);
    } catch (e) {
      rows.push([name, range, `error: ${(e as Error).message}`]);
    }
  }
  if (!rows.length) {
    console.log('all dependencies are on the latest version');
    return;
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [n, r, l] of rows) console.log(`${n.padEnd(w)}  ${r.padEnd(12)}  -> ${l}`);
  console.log(`${rows.length} outdated`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
