#!/usr/bin/env -S npx tsx
// Sync the Airtable "Experiments" table into the Notion lab-notebook database.
//
//   npx tsx tools/airtable-to-notion.ts            plan (what would change)
//   npx tsx tools/airtable-to-notion.ts --apply    create/update Notion pages
//
// Tokens from .env: AIRTABLE_TOKEN (api.airtable.com), NOTION_TOKEN
// (api.notion.com). Each Notion page stores the Airtable record id in the
// "Airtable ID" property so re-runs update instead of duplicating. Pages are
// never deleted; records removed from Airtable are only reported.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Env = { airtableToken: string; airtableBase: string; notionToken: string; notionDb: string };

interface ExperimentRecord {
  id: string;
  fields: { Name?: string; Status?: string; Owner?: { name: string }; Started?: string; Instrument?: string; Notes?: string };
}

interface NotionPage {
  id: string;
  properties: Record<string, { rich_text?: Array<{ plain_text: string }>; title?: Array<{ plain_text: string }>; select?: { name: string } | null }>;
}

function env(): Env {
  const vals: Record<string, string> = {};
  const f = path.join(ROOT, '.env');
  if (existsSync(f)) {
    for (const l of readFileSync(f, 'utf8').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(l.trim());
      if (m) vals[m[1]] = m[2];
    }
  }
  const get = (k: string) => {
    const v = process.env[k] ?? vals[k];
    if (!v) throw new Error(`${k} is not set (.env or environment)`);
    return v;
  };
  return { airtableToken: get('AIRTABLE_TOKEN'), airtableBase: get('AIRTABLE_BASE'), notionToken: get('NOTION_TOKEN'), notionDb: get('NOTION_EXPERIMENTS_DB') };
}

async function withRetry<T>(fn: () => Promise<Response>, parse: (r: Response) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fn();
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return parse(res);
  }
  throw new Error('rate limited');
}

async function airtableRecords(e: Env): Promise<ExperimentRecord[]> {
  const out: ExperimentRecord[] = [];
  let offset: string | undefined;
  do {
    const url = new URL(`https://api.airtable.com/v0/${e.airtableBase}/Experiments`);
    url.searchParams.set('pageSize', '100');
    if (offset) url.searchParams.set('offset', offset);
    const page = await withRetry(
      () => fetch(url, { headers: { Authorization: `Bearer ${e.airtableToken}` } }),
      (r) => r.json() as Promise<{ records: ExperimentRecord[]; offset?: string }>,
    );
    out.push(...page.records);
    offset = page.offset;
  } while (offset);
  return out;
}

const notionHeaders = (e: Env) => ({
  Authorization: `Bearer ${e.notionToken}`,
  'Notion-Version': '2022-06-28',
  'Content-Type': 'application/json',
});

async function notionPages(e: Env): Promise<Map<string, NotionPage>> {
  const byAirtableId = new Map<string, NotionPage>();
  let cursor: string | undefined;
  do {
    const page = await withRetry(
      () =>
        fetch(`https://api.notion.com/v1/databases/${e.notionDb}/query`, {
          method: 'POST',
          headers: notionHeaders(e),
          body: JSON.stringify({ start_cursor: cursor, page_size: 100 }),
        }),
      (r) => r.json() as Promise<{ results: NotionPage[]; has_more: boolean; next_cursor: string | null }>,
    );
    for (const p of page.results) {
      const id = p.properties['Airtable ID']?.rich_text?.[0]?.plain_text;
      if (id) byAirtableId.set(id, p);
    }
    cursor = page.has_more ? page.next_cursor ?? undefined : undefined;
  } while (cursor);
  return byAirtableId;
}

function properties(r: ExperimentRecord) {
  const text = (s?: string) => ({ rich_text: s ? [{ type: 'text', text: { content: s.slice(0, 1900) } }] : [] });
  return {
    Name: { title: [{ type: 'text', text: { content: r.fields.Name ?? '(untitled)' } }] },
    Status: { select: r.fields.Status ? { name: r.fields.Status } : null },
    Owner: text(r.fields.Owner?.name),
    Instrument: text(r.fields.Instrument),
    Started: r.fields.Started ? { date: { start: r.fields.Started } } : { date: null },
    'Airtable ID': text(r.id),
  };
}

function changed(r: ExperimentRecord, p: NotionPage): boolean {
  const title = p.properties.Name?.title?.[0]?.plain_text ?? '';
  const status = p.properties.Status?.select?.name ?? '';
  return title !== (r.fields.Name ?? '(untitled)') || status !== (r.fields.Status ?? '');
}

function validateRecords(records: ExperimentRecord[]): string[] {
  // Notion select options must exist; we warn about statuses the database does not know
  const known = new Set(['Planned', 'Running', 'Analysing', 'Done', 'Aborted']);
  const problems: string[] = [];
  for (const r of records) {
    if (!r.fields.Name) problems.push(`${r.id}: no Name`);
    if (r.fields.Status && !known.has(r.fields.Status)) problems.push(`${r.id}: unknown status "${r.fields.Status}"`);
    if (r.fields.Started && Number.isNaN(Date.parse(r.fields.Started))) problems.push(`${r.id}: bad Started date`);
  }
  return problems;
}

function statusCounts(records: ExperimentRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of records) {
    const s = r.fields.Status ?? '(none)';
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return counts;
}

async function main(): Promise<void> {
  const apply = process.argv.slice(2).includes('--apply');
  const e = env();
  const [records, pages] = await Promise.all([airtableRecords(e), notionPages(e)]);
  for (const p of validateRecords(records)) console.warn(`warning: ${p}`);
  console.log('status:', statusCounts(records));
  const creates = records.filter((r) => !pages.has(r.id));
  const updates = records.filter((r) => pages.has(r.id) && changed(r, pages.get(r.id)!));
  const orphans = [...pages.keys()].filter((id) => !records.some((r) => r.id === id));
  console.log(`airtable ${records.length}, notion ${pages.size}: ${creates.length} to create, ${updates.length} to update, ${orphans.length} orphaned`);
  if (!apply) {
    for (const r of creates.slice(0, 10)) console.log(`  + ${r.fields.Name}`);
    for (const r of updates.slice(0, 10)) console.log(`  ~ ${r.fields.Name}`);
    console.log('plan only; add --apply');
    return;
  }
  for (const r of creates) {
    await withRetry(
      () => fetch('https://api.notion.com/v1/pages', { method: 'POST', headers: notionHeaders(e), body: JSON.stringify({ parent: { database_id: e.notionDb }, properties: properties(r) }) }),
      (res) => res.json(),
    );
  }
  for (const r of updates) {
    const page = pages.get(r.id)!;
    await withRetry(
      () => fetch(`https://api.notion.com/v1/pages/${page.id}`, { method: 'PATCH', headers: notionHeaders(e), body: JSON.stringify({ properties: properties(r) }) }),
      (res) => res.json(),
    );
  }
  mkdirSync(path.join(ROOT, 'build'), { recursive: true }); // sync log lives here
  writeFileSync(path.join(ROOT, 'build', 'notion-sync.json'), JSON.stringify({ at: new Date().toISOString(), created: creates.length, updated: updates.length, orphans }, null, 2));
  console.log(`created ${creates.length}, updated ${updates.length}; orphans listed in build/notion-sync.json`);
}

main().catch((err: Error) => {
  console.error(`error: ${err.message}`);
  process.exit(1);
});
