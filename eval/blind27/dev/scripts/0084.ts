#!/usr/bin/env -S npx tsx
// Publish docs/runbooks/*.md to Confluence (one page per file).
//
//   npx tsx tools/confluence-sync.ts            plan: shows create/update per page
//   npx tsx tools/confluence-sync.ts --apply    performs the changes
//
// Pages are created under CONFLUENCE_PARENT_ID in CONFLUENCE_SPACE on
// ATLASSIAN_SITE (<name>.atlassian.net). Only pages carrying our label
// "runbook-sync" are ever updated, so hand-written pages with the same title
// are left alone. Credentials (email + API token) come from .env.
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const DOCS = path.join(ROOT, 'docs', 'runbooks');
const STATE = path.join(ROOT, 'build', 'confluence-state.json');
const LABEL = 'runbook-sync';

type Settings = {
  readonly site: string;
  readonly email: string;
  readonly token: string;
  readonly space: string;
  readonly parentId: string;
};

type Page = { id: string; title: string; version: { number: number }; metadata?: { labels?: { results: Array<{ name: string }> } } };

type Action = { kind: 'create' | 'update' | 'skip'; title: string; file: string; page?: Page; reason?: string };

function settings(): Settings {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(\w+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2];
    }
  }
  const get = (k: string): string => {
    const v = process.env[k] ?? env[k];
    if (!v) throw new Error(`${k} missing in .env`);
    return v;
  };
  const site = get('ATLASSIAN_SITE');
  if (!/^[a-z0-9-]+\.atlassian\.net$/.test(site)) throw new Error('ATLASSIAN_SITE must be <name>.atlassian.net');
  return { site, email: get('ATLASSIAN_EMAIL'), token: get('ATLASSIAN_TOKEN'), space: get('CONFLUENCE_SPACE'), parentId: get('CONFLUENCE_PARENT_ID') };
}

class Confluence {
  private readonly auth: string;

  constructor(private readonly s: Settings) {
    this.auth = 'Basic ' + Buffer.from(`${s.email}:${s.token}`).toString('base64');
  }

  async call<T>(method: string, p: string, body?: unknown): Promise<T> {
    const url = new URL(`/wiki/rest/api${p}`, `https://${this.s.site}`);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await fetch(url, {
        method,
        headers: { Authorization: this.auth, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 2) * 1000));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as T;
    }
    throw new Error(`${method} ${p}: rate limited`);
  }

  async findByTitle(title: string): Promise<Page | undefined> {
    const q = new URLSearchParams({ spaceKey: this.s.space, title, expand: 'version,metadata.labels' });
    const res = await this.call<{ results: Page[] }>('GET', `/content?${q}`);
    return res.results[0];
  }

  create(title: string, html: string): Promise<Page> {
    return this.call<Page>('POST', '/content', {
      type: 'page',
      title,
      space: { key: this.s.space },
      ancestors: [{ id: this.s.parentId }],
      body: { storage: { value: html, representation: 'storage' } },
      metadata: { labels: [{ prefix: 'global', name: LABEL }] },
    });
  }

  update(page: Page, html: string): Promise<Page> {
    return this.call<Page>('PUT', `/content/${page.id}`, {
      type: 'page',
      title: page.title,
      version: { number: page.version.number + 1, message: 'synced from git' },
      body: { storage: { value: html, representation: 'storage' } },
    });
  }
}

function titleOf(md: string, file: string): string {
  return /^#\s+(.+)$/m.exec(md)?.[1].trim() ?? path.basename(file, '.md');
}

function toStorage(md: string): string {
  const body = md.replace(/^#\s+.+$/m, '');
  return `${marked.parse(body, { async: false }) as string}<p><em>Managed in git (docs/runbooks). Edits here are overwritten.</em></p>`;
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

async function plan(c: Confluence, state: Record<string, string>): Promise<Action[]> {
  const actions: Action[] = [];
  for (const file of readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort()) {
    const md = readFileSync(path.join(DOCS, file), 'utf8');
    const title = titleOf(md, file);
    if (state[file] === digest(md)) {
      actions.push({ kind: 'skip', title, file, reason: 'unchanged' });
      continue;
    }
    const page = await c.findByTitle(title);
    if (!page) {
      actions.push({ kind: 'create', title, file });
    } else if (page.metadata?.labels?.results.some((l) => l.name === LABEL)) {
      actions.push({ kind: 'update', title, file, page });
    } else {
      actions.push({ kind: 'skip', title, file, reason: 'existing page not managed by sync' });
    }
  }
  return actions;
}

function lintRunbook(md: string, file: string): string[] {
  // house style: every runbook needs an owner line and a rollback section
  const issues: string[] = [];
  if (!/^Owner:\s+\S+/m.test(md)) issues.push(`${file}: missing "Owner:" line`);
  if (!/^##\s+Rollback/m.test(md)) issues.push(`${file}: missing "## Rollback" section`);
  if (/\bTODO\b/.test(md)) issues.push(`${file}: contains TODO`);
  return issues;
}

function lintAll(): number {
  let n = 0;
  for (const file of readdirSync(DOCS).filter((f) => f.endsWith('.md'))) {
    for (const issue of lintRunbook(readFileSync(path.join(DOCS, file), 'utf8'), file)) {
      console.warn(`lint: ${issue}`);
      n++;
    }
  }
  return n;
}

async function main(): Promise<void> {
  const apply = process.argv.includes('--apply');
  if (lintAll() && apply && !process.argv.includes('--force')) {
    throw new Error('runbooks have lint issues; fix them or pass --force');
  }
  const s = settings();
  const c = new Confluence(s);
  const state: Record<string, string> = existsSync(STATE) ? JSON.parse(readFileSync(STATE, 'utf8')) : {};
  const actions = await plan(c, state);
  for (const a of actions) console.log(`${a.kind.padEnd(7)} ${a.title}${a.reason ? ` (${a.reason})` : ''}`);
  if (!apply) {
    console.log('plan only; pass --apply to publish');
    return;
  }
  for (const a of actions) {
    if (a.kind === 'skip') continue;
    const md = readFileSync(path.join(DOCS, a.file), 'utf8');
    const html = toStorage(md);
    const page = a.kind === 'create' ? await c.create(a.title, html) : await c.update(a.page!, html);
    state[a.file] = digest(md);
    console.log(`${a.kind}d https://${s.site}/wiki/pages/viewpage.action?pageId=${page.id}`);
  }
  mkdirSync(path.dirname(STATE), { recursive: true });
  writeFileSync(STATE, JSON.stringify(state, null, 2));
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
