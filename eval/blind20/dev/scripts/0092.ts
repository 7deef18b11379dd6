#!/usr/bin/env -S npx tsx
// envs/bootstrap.ts - create the mamba environments for the notebooks and
// configure channel settings so solves are fast and reproducible.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface ChannelSettings {
  channels: string[];
  channel_priority: 'strict' | 'flexible';
  default_channels?: string[];
  custom_channels?: Record<string, string>;
}

const ROOT = path.resolve(__dirname, '..');
const ENV_FILES = ['envs/notebooks.yml', 'envs/etl.yml'];

const settings = {
  channels: ['conda-forge', 'bioconda'],
  channel_priority: 'strict',
  custom_channels: {
    'conda-forge': 'https://conda-mirror.example.org/channels',
    bioconda: 'https://conda-mirror.example.org/channels',
  },
} satisfies ChannelSettings;

function condarcPath(): string {
  return path.join(os.homedir(), '.condarc');
}

function toYaml(s: ChannelSettings): string {
  const lines = ['channels:', ...s.channels.map((c) => `  - ${c}`), `channel_priority: ${s.channel_priority}`];
  if (s.custom_channels) {
    lines.push('custom_channels:');
    for (const [k, v] of Object.entries(s.custom_channels)) lines.push(`  ${k}: ${v}`);
  }
  return `${lines.join('\n')}\n`;
}

function writeChannelSettings(): void {
  const target = condarcPath();
  if (existsSync(target)) writeFileSync(`${target}.bak`, readFileSync(target));
  writeFileSync(target, toYaml(settings));
}

function solver(): string {
  for (const bin of ['micromamba', 'mamba', 'conda']) {
    if (spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0) return bin;
  }
  throw new Error('no conda-compatible solver on PATH');
}

function createEnv(bin: string, file: string): void {
  const name = path.basename(file, '.yml');
  const prefix = path.join(ROOT, '.envs', name);
  const args = existsSync(prefix)
    ? ['env', 'update', '--prefix', prefix, '--file', file, '--prune']
    : ['env', 'create', '--prefix', prefix, '--file', file];
  const res = spawnSync(bin, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${bin} ${args[0]} ${args[1]} failed for ${file}`);
}

function main(): void {
  writeChannelSettings();
  const bin = solver();
  for (const file of ENV_FILES) createEnv(bin, file);
  console.log('environments ready under .envs/');
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
