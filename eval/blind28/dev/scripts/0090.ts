#!/usr/bin/env -S npx tsx
// Owner: moderation team; tooling questions to #mod-tools.
// Requires Node >= 20 and tsx.
//
//
// CSV columns (header row required, order free):
//   domain,severity,reject_media,reject_reports,public_comment
//   spam.example.net,suspend,true,true,Spam wave 2024-05
//   loud.example.org,silence,false,false,Harassment reports
//
// severity: silence | suspend | noop (noop = only media/reports flags)
// Comments in the CSV start with '#'.  Commas inside comments are not
// supported; keep public comments short, the longer rationale lives in the PR.
//
// Review rule: any change to blocklist.csv needs two moderators' approval;
// CI runs this tool without --apply and posts the diff on the pull request.
// The --apply run happens from the moderation laptop after merge.
//
// Rate limits: the admin API allows 300 requests / 5 min; a full sync of
// ~400 domains stays well below that.
//
// blocklist-sync.ts - keep social.internal's domain blocks in line with moderation/blocklist.csv.
//
//   npx tsx tools/blocklist-sync.ts             show the diff between the CSV and the instance
//   npx tsx tools/blocklist-sync.ts --apply     add missing blocks / update severities
//
// The CSV is reviewed in pull requests by the moderation team; this tool only
// mirrors it.  It never removes a block that exists on the instance but not in
// the CSV (that is reported for a human to decide), and it never purges domain
// data (no `tootctl domains purge`).  Token: MASTODON_ADMIN_TOKEN (admin:read,
// admin:write:domain_blocks) from .env, sent only to MASTODON_BASE (*.internal).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const CSV = join(ROOT, 'moderation', 'blocklist.csv');

type Severity = 'silence' | 'suspend' | 'noop';

interface Block {
  domain: string;
  severity: Severity;
  reject_media: boolean;
  reject_reports: boolean;
  public_comment: string;
  private_comment?: string;
  id?: string;
}

type Change =
  | { kind: 'add'; block: Block }
  | { kind: 'update'; block: Block; from: Block }
  | { kind: 'extra'; block: Block };

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, '.env');
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      const i = l.indexOf('=');
      if (i > 0) out[l.slice(0, i).trim()] = l.slice(i + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function parseCsv(text: string): Block[] {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const cols = header.split(',').map((c) => c.trim());
  const idx = (name: string): number => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`blocklist.csv lacks column ${name}`);
    return i;
  };
  return rows
    .filter((r) => r.trim() && !r.startsWith('#'))
    .map((r) => {
      const f = r.split(',').map((c) => c.trim());
      const severity = f[idx('severity')] as Severity;
      if (!['silence', 'suspend', 'noop'].includes(severity)) throw new Error(`bad severity in row: ${r}`);
      return {
        domain: f[idx('domain')].toLowerCase(),
        severity,
        reject_media: f[idx('reject_media')] === 'true',
        reject_reports: f[idx('reject_reports')] === 'true',
        public_comment: f[idx('public_comment')] ?? '',
      };
    });
}

class Admin {
  constructor(private readonly base: string, private readonly token: string) {
    const host = new URL(base).hostname;
    if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`MASTODON_BASE ${host} is not ours`);
  }

  private async call<T>(method: string, path: string, body?: object): Promise<{ data: T; next?: string }> {
    const res = await fetch(path.startsWith('http') ? path : `${this.base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const link = res.headers.get('link') ?? '';
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
    return { data: (await res.json()) as T, next };
  }

  async blocks(): Promise<Block[]> {
    const all: Block[] = [];
    let url: string | undefined = '/api/v1/admin/domain_blocks?limit=200';
    while (url) {
      const page: { data: Block[]; next?: string } = await this.call<Block[]>('GET', url);
      all.push(...page.data);
      url = page.next;
    }
    return all;
  }

  create(b: Block): Promise<unknown> {
    return this.call('POST', '/api/v1/admin/domain_blocks', b);
  }

  update(id: string, b: Block): Promise<unknown> {
    return this.call('PUT', `/api/v1/admin/domain_blocks/${id}`, b);
  }
}

function plan(wanted: Block[], current: Block[]): Change[] {
  const byDomain = new Map(current.map((b) => [b.domain, b]));
  const wantedDomains = new Set(wanted.map((b) => b.domain));
  const changes: Change[] = [];
  for (const w of wanted) {
    const c = byDomain.get(w.domain);
    if (!c) changes.push({ kind: 'add', block: w });
    else if (c.severity !== w.severity || c.reject_media !== w.reject_media || c.reject_reports !== w.reject_reports) {
      changes.push({ kind: 'update', block: { ...w, id: c.id }, from: c });
    }
  }
  for (const c of current) if (!wantedDomains.has(c.domain)) changes.push({ kind: 'extra', block: c });
  return changes;
}

function describe(c: Change): string {
  switch (c.kind) {
    case 'add':
      return `+ ${c.block.domain} (${c.block.severity})`;
    case 'update':
      return `~ ${c.block.domain}: ${c.from.severity} -> ${c.block.severity}`;
    case 'extra':
      return `? ${c.block.domain} is blocked on the instance but not in the CSV (left alone)`;
  }
}

async function main(): Promise<void> {
  const apply = process.argv.includes('--apply');
  const e = env();
  if (!e.MASTODON_ADMIN_TOKEN) throw new Error('MASTODON_ADMIN_TOKEN missing');
  const admin = new Admin(e.MASTODON_BASE ?? 'https://social.internal', e.MASTODON_ADMIN_TOKEN);
  const wanted = parseCsv(readFileSync(CSV, 'utf8'));
  const changes = plan(wanted, await admin.blocks());
  if (!changes.length) {
    console.log(`instance matches blocklist.csv (${wanted.length} domains)`);
    return;
  }
  changes.forEach((c) => console.log(describe(c)));
  if (!apply) {
    console.log('dry run; add --apply to create/update the blocks above');
    return;
  }
  for (const c of changes) {
    if (c.kind === 'add') await admin.create(c.block);
    else if (c.kind === 'update' && c.block.id) await admin.update(c.block.id, c.block);
  }
  console.log(`applied ${changes.filter((c) => c.kind !== 'extra').length} change(s)`);
}

main().catch((err: unknown) => {
  console.error(`blocklist-sync: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
