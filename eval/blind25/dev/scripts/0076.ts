#!/usr/bin/env -S npx tsx
// scripts/register-commands.ts - sync the Discord bot's slash commands.
//
//   tsx scripts/register-commands.ts            diff against the dev guild (read-only)
//   tsx scripts/register-commands.ts --apply    overwrite dev guild commands
//   tsx scripts/register-commands.ts --global --apply   overwrite GLOBAL commands (asks)
//
// Command definitions live in src/commands/*.ts and export `definition`.
// DISCORD_TOKEN / DISCORD_APP_ID / DEV_GUILD_ID come from .env and are only
// sent to discord.com.

import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = 'https://discord.com/api/v10';

type OptionType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 10 | 11;

interface CommandOption {
  type: OptionType;
  name: string;
  description: string;
  required?: boolean;
  choices?: { name: string; value: string | number }[];
}

interface CommandDefinition {
  name: string;
  description: string;
  options?: CommandOption[];
  default_member_permissions?: string | null;
  dm_permission?: boolean;
}

interface RemoteCommand extends CommandDefinition {
  id: string;
  application_id: string;
  version: string;
}

interface Env {
  token: string;
  appId: string;
  guildId: string;
}

async function loadEnv(): Promise<Env> {
  const file = path.join(ROOT, '.env');
  const vars: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) vars[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
    }
  }
  const get = (k: string): string => {
    const v = process.env[k] ?? vars[k];
    if (!v) throw new Error(`${k} missing (env or .env)`);
    return v;
  };
  return { token: get('DISCORD_TOKEN'), appId: get('DISCORD_APP_ID'), guildId: get('DEV_GUILD_ID') };
}

async function discord<T>(env: Env, method: 'GET' | 'PUT', route: string, body?: unknown): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${API}${route}`, {
      method,
      headers: {
        Authorization: `Bot ${env.token}`,
        'Content-Type': 'application/json',
        'User-Agent': 'DiscordBot (register-commands, 1.0)',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 429) {
      const data = (await res.json()) as { retry_after?: number };
      await new Promise((r) => setTimeout(r, Math.ceil((data.retry_after ?? 1) * 1000)));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  throw new Error(`${method} ${route}: rate limited too often`);
}

async function localDefinitions(): Promise<CommandDefinition[]> {
  const dir = path.join(ROOT, 'src', 'commands');
  const files = (await readdir(dir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.test.ts'));
  const defs: CommandDefinition[] = [];
  for (const f of files.sort()) {
    // project files only: the directory listing above, never a user-supplied path
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { definition?: CommandDefinition };
    if (!mod.definition) {
      console.warn(`skip ${f}: no exported definition`);
      continue;
    }
    validate(mod.definition, f);
    defs.push(mod.definition);
  }
  return defs;
}

function validate(def: CommandDefinition, file: string): void {
  if (!/^[-_\p{Ll}\p{N}]{1,32}$/u.test(def.name)) throw new Error(`${file}: invalid command name ${def.name}`);
  if (!def.description || def.description.length > 100) throw new Error(`${file}: description must be 1-100 chars`);
  const seen = new Set<string>();
  for (const opt of def.options ?? []) {
    if (seen.has(opt.name)) throw new Error(`${file}: duplicate option ${opt.name}`);
    seen.add(opt.name);
  }
}

type Comparable = Pick<CommandDefinition, 'name' | 'description' | 'options'>;

function normalize(c: Comparable): string {
  const opts = (c.options ?? []).map((o) => ({
    type: o.type,
    name: o.name,
    description: o.description,
    required: o.required ?? false,
    choices: o.choices ?? [],
  }));
  return JSON.stringify({ name: c.name, description: c.description, options: opts });
}

interface Diff {
  added: string[];
  removed: string[];
  changed: string[];
}

function diff(local: CommandDefinition[], remote: RemoteCommand[]): Diff {
  const r = new Map(remote.map((c) => [c.name, c]));
  const l = new Map(local.map((c) => [c.name, c]));
  return {
    added: [...l.keys()].filter((n) => !r.has(n)),
    removed: [...r.keys()].filter((n) => !l.has(n)),
    changed: [...l.keys()].filter((n) => r.has(n) && normalize(l.get(n)!) !== normalize(r.get(n)!)),
  };
}

async function confirm(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const env = await loadEnv();
  const global = args.has('--global');
  const route = global
    ? `/applications/${env.appId}/commands`
    : `/applications/${env.appId}/guilds/${env.guildId}/commands`;
  const [local, remote] = await Promise.all([localDefinitions(), discord<RemoteCommand[]>(env, 'GET', route)]);
  const d = diff(local, remote);
  console.log(`${global ? 'global' : `guild ${env.guildId}`}: ${local.length} local, ${remote.length} registered`);
  d.added.forEach((n) => console.log(`  + ${n}`));
  d.changed.forEach((n) => console.log(`  ~ ${n}`));
  d.removed.forEach((n) => console.log(`  - ${n}`));
  if (!d.added.length && !d.changed.length && !d.removed.length) {
    console.log('in sync');
    return;
  }
  if (!args.has('--apply')) {
    console.log('dry run; pass --apply to overwrite');
    return;
  }
  if (global && !(await confirm('overwrite GLOBAL commands for every server the bot is in?'))) {
    console.log('aborted');
    return;
  }
  const saved = await discord<RemoteCommand[]>(env, 'PUT', route, local);
  console.log(`registered ${saved.length} command(s)`);
}

main().catch((err: unknown) => {
  const msg = err instanceof Error ? err.message : String(err);
  console.error(`register-commands: ${msg}`);
  process.exit(1);
});
