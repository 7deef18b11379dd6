// Reset the LAMMPS tutorial workspace between workshop groups.
// ESM module: node tools/reset-workshop.mjs
import { readdir, rm, stat, mkdir, copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

// directories are resolved relative to this file
const here = new URL('.', import.meta.url);
const workspaceRoot = fileURLToPath(new URL('../../', here));
const templates = fileURLToPath(new URL('../templates/', here));

const KEEP = new Set(['templates', 'tools', 'README.md', '.git']);

async function sizeOf(p) {
  const s = await stat(p);
  if (!s.isDirectory()) return s.size;
  let total = 0;
  for (const e of await readdir(p)) total += await sizeOf(path.join(p, e));
  return total;
}

async function clearWorkspace() {
  let freed = 0;
  for (const entry of await readdir(workspaceRoot)) {
    if (KEEP.has(entry)) continue;
    const p = path.join(workspaceRoot, entry);
    freed += await sizeOf(p).catch(() => 0);
    await rm(p, { recursive: true, force: true });
  }
  return freed;
}

async function restoreTemplates() {
  const dest = path.join(workspaceRoot, 'exercises');
  await mkdir(dest, { recursive: true });
  let n = 0;
  for (const f of await readdir(templates)) {
    if (!f.startsWith('in.')) continue;
    await copyFile(path.join(templates, f), path.join(dest, f));
    n++;
  }
  return n;
}

async function main() {
  // the group name only appears in the log line
  const group = process.argv[2] || 'next group';
  console.log(`workspace: ${workspaceRoot}`);
  console.log(`resetting workspace for ${group}`);
  const freed = await clearWorkspace();
  const restored = await restoreTemplates();
  console.log(`removed ${(freed / 1e6).toFixed(1)} MB of previous outputs`);
  console.log(`restored ${restored} exercise input deck(s) into exercises/`);
  console.log('ready: cd exercises && lmp -in in.lj');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
