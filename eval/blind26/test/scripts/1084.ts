#!/usr/bin/env -S npx tsx
// tools/osf-wiki.ts - publish docs/README.md as the home wiki page of the
// project's OSF component.
//
// Usage
//   npx tsx tools/osf-wiki.ts               # show a diff against the current wiki
//   npx tsx tools/osf-wiki.ts --apply       # write the new version
//   npx tsx tools/osf-wiki.ts --page methods --source docs/METHODS.md --apply
//
// The OSF personal access token (OSF_TOKEN, scope osf.full_write) is read from
// the environment or .env and sent only to api.osf.io as a Bearer header.
// OSF keeps every wiki version, so --apply is reversible from the web UI.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
// OSF API v2 (JSON:API). Wiki pages live under /nodes/<id>/wikis/ and every
// edit is stored as a new version under /wikis/<page id>/versions/, which is
// what makes --apply safe to repeat.
const API = 'https://api.osf.io/v2';

interface Options {
  page: string;
  source: string;
  apply: boolean;
  node: string;
}

interface WikiPage {
  id: string;
  attributes: { name: string; current_user_can_edit: boolean };
  links: { download: string };
}

function readToken(): string {
  if (process.env.OSF_TOKEN) return process.env.OSF_TOKEN;
  const env = join(ROOT, '.env');
  if (existsSync(env)) {
    const m = /^OSF_TOKEN=(.+)$/m.exec(readFileSync(env, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('OSF_TOKEN is not set');
}

function parseArgs(): Options {
  const a = process.argv.slice(2);
  const val = (flag: string, def: string) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : def;
  };
  const opts: Options = {
    page: val('--page', 'home'),
    source: val('--source', 'docs/README.md'),
    apply: a.includes('--apply'),
    node: val('--node', process.env.OSF_NODE ?? ''),
  };
  if (!/^[a-z0-9]{5}$/.test(opts.node)) throw new Error('--node (or OSF_NODE) must be the 5-character OSF id');
  if (!/^[\w-]{1,100}$/.test(opts.page)) throw new Error('invalid wiki page name');
  return opts;
}

class OsfClient {
  constructor(private readonly token: string) {}

  private async call(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    if (u.hostname !== 'api.osf.io') throw new Error(`refusing to send the OSF token to ${u.hostname}`);
    const res = await fetch(u, {
      ...init,
      headers: { Authorization: `Bearer ${this.token}`, ...(init.headers ?? {}) },
    });
    if (!res.ok && res.status !== 404) {
      throw new Error(`${init.method ?? 'GET'} ${u.pathname}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    return res;
  }

  async findPage(node: string, name: string): Promise<WikiPage | null> {
    const res = await this.call(`${API}/nodes/${node}/wikis/?filter[name]=${encodeURIComponent(name)}`);
    if (res.status === 404) return null;
    const body = (await res.json()) as { data: WikiPage[] };
    return body.data[0] ?? null;
  }

  async content(page: WikiPage): Promise<string> {
    const url = new URL(page.links.download);
    if (url.hostname !== 'api.osf.io') return '';
    const res = await this.call(url.toString());
    return res.ok ? res.text() : '';
  }

  async createPage(node: string, name: string, content: string): Promise<void> {
    await this.call(`${API}/nodes/${node}/wikis/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'wikis', attributes: { name, content } } }),
    });
  }

  async addVersion(page: WikiPage, content: string): Promise<void> {
    await this.call(`${API}/wikis/${page.id}/versions/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'wiki-versions', attributes: { content } } }),
    });
  }
}

function rewriteLinks(markdown: string): string {
  // relative links to repo files do not work on OSF; point them at the files tab
  return markdown.replace(/\]\((?!https?:|#|mailto:)([^)]+)\)/g, (_m, target: string) => `](files:${target})`);
}

function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const setA = new Set(a);
  const setB = new Set(b);
  const out: string[] = [];
  for (const line of a) if (!setB.has(line) && line.trim()) out.push(`- ${line}`);
  for (const line of b) if (!setA.has(line) && line.trim()) out.push(`+ ${line}`);
  return out;
}

function checkContent(md: string): string[] {
  const problems: string[] = [];
  if (md.length > 500_000) problems.push('page is larger than the OSF wiki limit');
  if (/\bTODO\b/.test(md)) problems.push('contains TODO markers');
  if (/(api[_-]?key|token)\s*[:=]\s*\S{12,}/i.test(md)) problems.push('looks like it contains a credential');
  return problems;
}

async function listPages(token: string, node: string): Promise<void> {
  // --list: show the existing wiki pages so --page names can be checked
  const res = await fetch(`${API}/nodes/${node}/wikis/`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`listing wiki pages failed: ${res.status}`);
  const body = (await res.json()) as { data: { attributes: { name: string; date_modified: string; size: number } }[] };
  for (const p of body.data) {
    const a = p.attributes;
    console.log(`${a.name.padEnd(30)} ${a.date_modified.slice(0, 10)} ${String(a.size).padStart(8)} bytes`);
  }
}

async function main(): Promise<void> {
  const opts = parseArgs();
  if (process.argv.includes('--list')) {
    await listPages(readToken(), opts.node);
    return;
  }
  const sourcePath = resolve(ROOT, opts.source);
  if (!sourcePath.startsWith(ROOT)) throw new Error('source must be inside the project');
  const content = rewriteLinks(readFileSync(sourcePath, 'utf8'));
  const problems = checkContent(content);
  if (problems.length) throw new Error(`not publishing: ${problems.join('; ')}`);

  const client = new OsfClient(readToken());
  const page = await client.findPage(opts.node, opts.page);
  const current = page ? await client.content(page) : '';
  const diff = lineDiff(current, content);
  if (!diff.length) {
    console.log(`wiki page "${opts.page}" is already up to date`);
    return;
  }
  console.log(`${diff.length} changed line(s) for wiki page "${opts.page}":`);
  for (const l of diff.slice(0, 40)) console.log(`  ${l}`);
  if (!opts.apply) {
    console.log('dry run; add --apply to publish');
    return;
  }
  if (page && !page.attributes.current_user_can_edit) throw new Error('token user cannot edit this wiki');
  if (page) await client.addVersion(page, content);
  else await client.createPage(opts.node, opts.page, content);
  console.log(`wiki page "${opts.page}" updated on OSF node ${opts.node}`);
}

main().catch((err: Error) => {
  console.error(`osf-wiki: ${err.message}`);
  process.exitCode = 1;
});
