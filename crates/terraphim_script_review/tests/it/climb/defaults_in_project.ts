import { rm } from 'node:fs/promises';
import path from 'node:path';

const ROOT = process.cwd();
const DEFAULTS = { out: 'dist', caches: ['.cache', 'tmp', 'coverage'] };

async function clean(dirs: string[]): Promise<void> {
  for (const d of dirs) {
    await rm(path.resolve(ROOT, d), { recursive: true, force: true });
  }
}

clean([DEFAULTS.out, ...DEFAULTS.caches]);
