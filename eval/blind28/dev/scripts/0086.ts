#!/usr/bin/env -S npx tsx
// wiki-fixtures.ts - load and reset the page fixtures of the local MediaWiki dev instance.
//
//   npx tsx tools/wiki-fixtures.ts load            importDump fixtures/*.xml, rebuild RC, run jobs
//   npx tsx tools/wiki-fixtures.ts check           verify every fixture page exists via the API
//   npx tsx tools/wiki-fixtures.ts reset --apply   deleteBatch of fixture pages, then load again
//
// Everything runs against the wiki in ./mediawiki (docker compose service "mediawiki",
// API at http://localhost:8088/api.php).  Maintenance scripts are invoked with
// `docker compose exec -T mediawiki php maintenance/run.php ...` and fixed argv.
// Only pages listed in the fixture XML files are ever deleted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, basename } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const FIXTURES = join(ROOT, 'fixtures', 'wiki');
const API = process.env.WIKI_API ?? 'http://localhost:8088/api.php';
const COMPOSE = ['compose', '-f', join(ROOT, 'docker-compose.yml')];

interface QueryPage {
  title: string;
  missing?: boolean;
  pageid?: number;
}

function assertLocalApi(): void {
  const host = new URL(API).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1') throw new Error(`WIKI_API must be local, got ${host}`);
}

function maint(script: string, args: string[] = [], input?: string): string {
  const argv = [...COMPOSE, 'exec', '-T', 'mediawiki', 'php', 'maintenance/run.php', script, ...args];
  return execFileSync('docker', argv, { encoding: 'utf8', input, maxBuffer: 64 * 2 ** 20 });
}

function fixtureFiles(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => join(FIXTURES, f));
}

function titlesIn(file: string): string[] {
  const xml = readFileSync(file, 'utf8');
  return [...xml.matchAll(/<title>([^<]+)<\/title>/g)].map((m) =>
    m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'),
  );
}

function allTitles(): string[] {
  return [...new Set(fixtureFiles().flatMap(titlesIn))];
}

function load(): void {
  for (const file of fixtureFiles()) {
    const out = maint('importDump', ['--no-updates', '--report', '100'], readFileSync(file, 'utf8'));
    const last = out.trim().split('\n').pop();
    console.log(`${basename(file)}: ${last}`);
  }
  maint('rebuildrecentchanges');
  maint('initSiteStats', ['--update']);
  const jobs = maint('runJobs', ['--maxjobs', '1000']);
  console.log(`ran ${jobs.split('\n').filter((l) => l.includes('good')).length} jobs`);
}

async function query(titles: string[]): Promise<QueryPage[]> {
  const pages: QueryPage[] = [];
  for (let i = 0; i < titles.length; i += 50) {
    const params = new URLSearchParams({
      action: 'query', format: 'json', formatversion: '2', titles: titles.slice(i, i + 50).join('|'),
    });
    const res = await fetch(`${API}?${params}`, { headers: { 'User-Agent': 'wiki-fixtures/1.0 (local dev)' } });
    if (!res.ok) throw new Error(`API ${res.status}`);
    const data = (await res.json()) as { query: { pages: QueryPage[] } };
    pages.push(...data.query.pages);
  }
  return pages;
}

async function check(): Promise<boolean> {
  assertLocalApi();
  const titles = allTitles();
  const pages = await query(titles);
  const missing = pages.filter((p) => p.missing).map((p) => p.title);
  console.log(`${titles.length - missing.length}/${titles.length} fixture pages present`);
  missing.slice(0, 20).forEach((t) => console.log(`  missing: ${t}`));
  return missing.length === 0;
}

function reset(apply: boolean): void {
  const titles = allTitles();
  if (!titles.length) {
    console.log('no fixture titles found');
    return;
  }
  if (!apply) {
    titles.slice(0, 30).forEach((t) => console.log(`would delete ${t}`));
    if (titles.length > 30) console.log(`... and ${titles.length - 30} more`);
    console.log('dry run; add --apply to delete and reload the fixture pages');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'wiki-fixtures-'));
  try {
    const list = join(dir, 'titles.txt');
    writeFileSync(list, titles.join('\n') + '\n');
    maint('deleteBatch', ['--r', 'Resetting test fixtures', '-u', 'Maintenance script'], readFileSync(list, 'utf8'));
    console.log(`deleted ${titles.length} fixture pages`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  load();
}

function lintFixtures(): number {
  // catch the usual mistakes in hand-edited dumps before importing them
  let problems = 0;
  const seen = new Map<string, string>();
  for (const file of fixtureFiles()) {
    const xml = readFileSync(file, 'utf8');
    if (!xml.includes('<mediawiki')) {
      console.log(`${basename(file)}: not a MediaWiki export`);
      problems++;
      continue;
    }
    const pages = xml.split('<page>').length - 1;
    const closes = xml.split('</page>').length - 1;
    if (pages !== closes) {
      console.log(`${basename(file)}: ${pages} <page> vs ${closes} </page>`);
      problems++;
    }
    for (const title of titlesIn(file)) {
      const prev = seen.get(title);
      if (prev) {
        console.log(`${basename(file)}: "${title}" already defined in ${prev}`);
        problems++;
      }
      seen.set(title, basename(file));
    }
  }
  console.log(`${seen.size} titles in ${fixtureFiles().length} files, ${problems} problem(s)`);
  return problems;
}

async function siteInfo(): Promise<void> {
  const params = new URLSearchParams({ action: 'query', meta: 'siteinfo', siprop: 'general|statistics', format: 'json' });
  const res = await fetch(`${API}?${params}`);
  if (!res.ok) throw new Error(`API ${res.status}`);
  const data = (await res.json()) as {
    query: { general: { sitename: string; generator: string }; statistics: { pages: number; edits: number } };
  };
  const { general, statistics } = data.query;
  console.log(`${general.sitename} (${general.generator}): ${statistics.pages} pages, ${statistics.edits} edits`);
}

async function main(): Promise<void> {
  const [cmd = 'check', ...rest] = process.argv.slice(2);
  assertLocalApi();
  switch (cmd) {
    case 'lint':
      if (lintFixtures()) process.exitCode = 1;
      break;
    case 'info':
      await siteInfo();
      break;
    case 'load':
      load();
      break;
    case 'check':
      if (!(await check())) process.exitCode = 1;
      break;
    case 'reset':
      reset(rest.includes('--apply'));
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((err: unknown) => {
  console.error(`wiki-fixtures: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
