#!/usr/bin/env -S npx tsx
// Build TypeScript project references, pack each package into a tempdir and test-install it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

interface Pkg { dir: string; name: string; private?: boolean }

function run(cmd: string, args: string[], cwd = process.cwd()): void {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

function packages(): Pkg[] {
  return readdirSync('packages')
    .map((d) => join('packages', d))
    .filter((d) => existsSync(join(d, 'package.json')))
    .map((dir) => ({ dir, ...JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter((p: Pkg) => !p.private);
}

function smokeInstall(pkg: Pkg, work: string): void {
  const packDir = join(work, 'pack');
  run('pnpm', ['pack', '--pack-destination', packDir], pkg.dir);
  const tarball = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`no tarball for ${pkg.name}`);
  const app = join(work, 'app');
  run('npm', ['init', '-y'], app);
  run('npm', ['install', '--no-audit', '--no-fund', join(packDir, tarball)], app);
  writeFileSync(join(app, 'check.mjs'), `import * as m from '${pkg.name}'; console.log(Object.keys(m).length, 'exports');\n`);
  run(process.execPath, ['check.mjs'], app);
}

function main(): void {
  run('pnpm', ['exec', 'tsc', '--build', 'tsconfig.build.json']);
  const failures: string[] = [];
  for (const pkg of packages()) {
    const work = mkdtempSync(join(tmpdir(), 'pack-'));
    try {
      spawnSync('mkdir', ['-p', join(work, 'pack'), join(work, 'app')]);
      smokeInstall(pkg, work);
      console.log(`ok ${pkg.name}`);
    } catch (e) {
      failures.push(pkg.name);
      console.error((e as Error).message);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (failures.length) {
    console.error('failed:', failures.join(', '));
    process.exit(1);
  }
}

main();
