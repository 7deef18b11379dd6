#!/usr/bin/env -S npx tsx
// scripts/crowdin-sync.ts - push source strings to Crowdin and pull translations.
//
// Talks to the Crowdin API v2 (https://api.crowdin.com/api/v2) with the personal
// access token in CROWDIN_PERSONAL_TOKEN. Source file: locales/en/messages.json.
// Downloaded translations are written to locales/<lang>/messages.json only.
//
//   npx tsx scripts/crowdin-sync.ts push
//   npx tsx scripts/crowdin-sync.ts pull [--min-progress 80]
//   npx tsx scripts/crowdin-sync.ts status
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.crowdin.com/api/v2';
const SOURCE = path.join(ROOT, 'locales', 'en', 'messages.json');
const CONFIG = path.join(ROOT, 'crowdin.json');

interface CrowdinConfig {
  projectId: number;
  sourceName: string;
  languageMap: Record<string, string>;
}

interface Envelope<T> {
  data: T;
}

interface Progress {
  languageId: string;
  translationProgress: number;
  approvalProgress: number;
}

class Crowdin {
  constructor(private readonly token: string, private readonly projectId: number) {}

  async request<T>(method: string, pathname: string, body?: unknown, raw?: Buffer, extraHeaders: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}`, ...extraHeaders };
    let payload: BodyInit | undefined;
    if (raw) {
      payload = raw;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await fetch(`${API}${pathname}`, { method, headers, body: payload });
      if (res.status === 429 || res.status >= 500) {
        const wait = Number(res.headers.get('retry-after') ?? 2 ** attempt) * 1000;
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : {}) as T;
    }
    throw new Error(`${method} ${pathname}: gave up after retries`);
  }

  project(suffix: string): string {
    return `/projects/${this.projectId}${suffix}`;
  }

  async upload(name: string, content: Buffer): Promise<number> {
    const storage = await this.request<Envelope<{ id: number }>>('POST', '/storages', undefined, content, {
      'Crowdin-API-FileName': name,
      'Content-Type': 'application/json',
    });
    return storage.data.id;
  }

  async files(): Promise<Array<{ id: number; name: string }>> {
    const res = await this.request<{ data: Array<Envelope<{ id: number; name: string }>> }>('GET', this.project('/files?limit=500'));
    return res.data.map((d) => d.data);
  }

  async progress(): Promise<Progress[]> {
    const res = await this.request<{ data: Array<Envelope<Progress>> }>('GET', this.project('/languages/progress?limit=100'));
    return res.data.map((d) => d.data);
  }
}

function loadConfig(): CrowdinConfig {
  if (!existsSync(CONFIG)) throw new Error('crowdin.json missing');
  return JSON.parse(readFileSync(CONFIG, 'utf8')) as CrowdinConfig;
}

function client(cfg: CrowdinConfig): Crowdin {
  const token = process.env.CROWDIN_PERSONAL_TOKEN;
  if (!token) throw new Error('CROWDIN_PERSONAL_TOKEN not set');
  return new Crowdin(token, cfg.projectId);
}

function validateSource(): Buffer {
  const buf = readFileSync(SOURCE);
  const data = JSON.parse(buf.toString('utf8')) as Record<string, unknown>;
  const bad = Object.entries(data).filter(([, v]) => typeof v !== 'string' && typeof v !== 'object');
  if (bad.length) throw new Error(`non-string values in source: ${bad.map(([k]) => k).join(', ')}`);
  return buf;
}

async function push(cfg: CrowdinConfig): Promise<void> {
  const api = client(cfg);
  const content = validateSource();
  const storageId = await api.upload(cfg.sourceName, content);
  const existing = (await api.files()).find((f) => f.name === cfg.sourceName);
  if (existing) {
    await api.request('PUT', api.project(`/files/${existing.id}`), { storageId, updateOption: 'keep_translations' });
    console.log(`updated ${cfg.sourceName} (file ${existing.id})`);
  } else {
    await api.request('POST', api.project('/files'), { storageId, name: cfg.sourceName, type: 'json' });
    console.log(`created ${cfg.sourceName}`);
  }
}

async function pull(cfg: CrowdinConfig, minProgress: number): Promise<void> {
  const api = client(cfg);
  const file = (await api.files()).find((f) => f.name === cfg.sourceName);
  if (!file) throw new Error(`${cfg.sourceName} not found in project`);
  for (const p of await api.progress()) {
    if (p.translationProgress < minProgress) {
      console.log(`skip ${p.languageId}: ${p.translationProgress}% translated`);
      continue;
    }
    const build = await api.request<Envelope<{ url: string }>>('POST', api.project(`/translations/builds/files/${file.id}`), {
      targetLanguageId: p.languageId,
      skipUntranslatedStrings: true,
    });
    const res = await fetch(build.data.url);
    if (!res.ok) throw new Error(`download for ${p.languageId} failed: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const text = body[0] === 0x7b ? body.toString('utf8') : inflateRawSync(body).toString('utf8');
    JSON.parse(text);
    const local = cfg.languageMap[p.languageId] ?? p.languageId;
    const dir = path.join(ROOT, 'locales', local);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'messages.json'), text.endsWith('\n') ? text : `${text}\n`);
    console.log(`pulled ${p.languageId} -> locales/${local} (${p.translationProgress}%)`);
  }
}

async function status(cfg: CrowdinConfig): Promise<void> {
  const api = client(cfg);
  const rows = await api.progress();
  for (const p of rows.sort((a, b) => b.translationProgress - a.translationProgress)) {
    console.log(`${p.languageId.padEnd(8)} ${String(p.translationProgress).padStart(3)}% translated, ${String(p.approvalProgress).padStart(3)}% approved`);
  }
}

function placeholderMismatches(source: Record<string, string>, target: Record<string, string>): string[] {
  // ICU placeholders like {count} must survive translation unchanged
  const re = /\{(\w+)[,}]/g;
  const out: string[] = [];
  for (const [key, text] of Object.entries(source)) {
    const translated = target[key];
    if (typeof text !== 'string' || typeof translated !== 'string') continue;
    const want = new Set([...text.matchAll(re)].map((m) => m[1]));
    const got = new Set([...translated.matchAll(re)].map((m) => m[1]));
    const diff = [...want].filter((p) => !got.has(p));
    if (diff.length) out.push(`${key}: missing ${diff.join(', ')}`);
  }
  return out;
}

function checkPulled(cfg: CrowdinConfig): number {
  const source = JSON.parse(readFileSync(SOURCE, 'utf8')) as Record<string, string>;
  let problems = 0;
  for (const lang of Object.values(cfg.languageMap)) {
    const file = path.join(ROOT, 'locales', lang, 'messages.json');
    if (!existsSync(file)) continue;
    const target = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const p of placeholderMismatches(source, target)) {
      console.log(`${lang}: ${p}`);
      problems += 1;
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'check') {
    process.exitCode = checkPulled(loadConfig()) ? 1 : 0;
    return;
  }
  const cfg = loadConfig();
  const minIdx = rest.indexOf('--min-progress');
  const min = minIdx >= 0 ? Number(rest[minIdx + 1]) : 90;
  if (cmd === 'push') await push(cfg);
  else if (cmd === 'pull') await pull(cfg, min);
  else if (cmd === 'status') await status(cfg);
  else throw new Error('usage: crowdin-sync.ts push|pull|status');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
