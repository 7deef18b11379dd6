#!/usr/bin/env -S npx tsx
// Point pip at the internal package cache so Python installs are faster.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';

type IniSection = Map<string, string>;

const SETTINGS: Record<string, string> = {
  'extra-index-url': process.env.PIP_EXTRA ?? 'https://pypi-cache.example.net/simple',
  'trusted-host': 'pypi-cache.example.net',
  timeout: '30',
};

function pipConf(): string {
  const xdg = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  return join(xdg, 'pip', 'pip.conf');
}

function parse(text: string): Map<string, IniSection> {
  const out = new Map<string, IniSection>();
  let cur: IniSection | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const sec = line.match(/^\[(.+)\]$/);
    if (sec) {
      cur = new Map();
      out.set(sec[1], cur);
    } else if (cur && line.includes('=')) {
      const [k, ...v] = line.split('=');
      cur.set(k.trim(), v.join('=').trim());
    }
  }
  return out;
}

function serialise(ini: Map<string, IniSection>): string {
  return [...ini.entries()]
    .map(([name, kv]) => `[${name}]\n${[...kv.entries()].map(([k, v]) => `${k} = ${v}`).join('\n')}`)
    .join('\n\n') + '\n';
}

function main(): void {
  const file = pipConf();
  const ini = parse(existsSync(file) ? readFileSync(file, 'utf8') : '');
  const global = ini.get('global') ?? new Map<string, string>();
  for (const [k, v] of Object.entries(SETTINGS)) global.set(k, v);
  ini.set('global', global);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, serialise(ini));
  console.log(`updated ${file}`);
}

main();
