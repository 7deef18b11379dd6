// tools/prune-envs.ts - remove conda environments that no workflow uses anymore.
//
// Lists environments known to conda, keeps the ones referenced by
// workflow/envs/*.yaml (by name) and removes the rest to free disk space.

import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface CondaInfo {
  envs: string[];
  root_prefix: string;
}

function condaInfo(): CondaInfo {
  return JSON.parse(execFileSync('conda', ['info', '--json'], { encoding: 'utf8' })) as CondaInfo;
}

function referencedNames(): Set<string> {
  const dir = path.join(ROOT, 'workflow', 'envs');
  const names = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    const m = /^name:\s*(\S+)/m.exec(readFileSync(path.join(dir, f), 'utf8'));
    if (m) names.add(m[1]);
  }
  return names;
}

function envName(prefix: string, root: string): string {
  return prefix === root ? 'base' : path.basename(prefix);
}

function candidates(info: CondaInfo, keep: Set<string>): string[] {
  return info.envs.filter((prefix) => {
    const name = envName(prefix, info.root_prefix);
    if (name === 'base') return false;
    return !keep.has(name);
  });
}

function remove(prefix: string, dryRun: boolean): boolean {
  if (dryRun) {
    console.log(`would remove ${prefix}`);
    return true;
  }
  const res = spawnSync('conda', ['env', 'remove', '--yes', '--prefix', prefix], { stdio: 'inherit' });
  return res.status === 0;
}

function main(): void {
  const dryRun = process.argv.slice(2).includes('--dry-run');
  const info = condaInfo();
  const keep = referencedNames();
  const doomed = candidates(info, keep);
  console.log(`${info.envs.length} env(s), keeping ${keep.size} referenced by workflow/envs/`);
  let ok = 0;
  for (const prefix of doomed) if (remove(prefix, dryRun)) ok++;
  console.log(`${dryRun ? 'would remove' : 'removed'} ${ok} environment(s)`);
  if (!dryRun) spawnSync('conda', ['clean', '--all', '--yes'], { stdio: 'ignore' });
}

main();
