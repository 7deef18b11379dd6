#!/usr/bin/env -S npx tsx
// tools/timelapses.ts - archive the print timelapses from the workshop
// OctoPrint into media/timelapse/ for the build log.
//
// Usage
//   npx tsx tools/timelapses.ts                # list remote timelapses
//   npx tsx tools/timelapses.ts --download     # fetch new ones
//   npx tsx tools/timelapses.ts --download --prune
//
// The API key (OCTOPRINT_API_KEY in .env) is only sent to the OctoPrint host
// from octoprint.json, which must be *.internal or localhost. --prune deletes
// a timelapse on the printer only after this script downloaded it and the
// local file size matches the size the server reported; nothing else on the
// printer is touched.

import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve, basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const ROOT = resolve(__dirname, '..');
const MEDIA = join(ROOT, 'media', 'timelapse');
const LEDGER = join(MEDIA, 'downloaded.json');

interface Timelapse {
  name: string;
  size: number;
  bytes?: number;
  date: string;
  url: string;
}

interface LedgerEntry {
  name: string;
  bytes: number;
  downloadedAt: string;
  pruned?: boolean;
}

function config(): { base: URL; key: string } {
  const conf = JSON.parse(readFileSync(join(ROOT, 'octoprint.json'), 'utf8')) as { url: string };
  const base = new URL(conf.url);
  if (!(base.hostname.endsWith('.internal') || base.hostname === 'localhost')) {
    throw new Error(`octoprint.json url ${base.origin} is not a workshop host`);
  }
  let key = process.env.OCTOPRINT_API_KEY ?? '';
  const envFile = join(ROOT, '.env');
  if (!key && existsSync(envFile)) key = /^OCTOPRINT_API_KEY=(.*)$/m.exec(readFileSync(envFile, 'utf8'))?.[1]?.trim() ?? '';
  if (!key) throw new Error('OCTOPRINT_API_KEY not set');
  return { base, key };
}

function loadLedger(): Record<string, LedgerEntry> {
  return existsSync(LEDGER) ? (JSON.parse(readFileSync(LEDGER, 'utf8')) as Record<string, LedgerEntry>) : {};
}

function saveLedger(l: Record<string, LedgerEntry>): void {
  const tmp = `${LEDGER}.tmp`;
  writeFileSync(tmp, JSON.stringify(l, null, 2) + '\n');
  renameSync(tmp, LEDGER);
}

class Octo {
  constructor(private readonly base: URL, private readonly key: string) {}

  private url(path: string): URL {
    const u = new URL(path, this.base);
    if (u.origin !== this.base.origin) throw new Error(`refusing cross-origin request to ${u.origin}`);
    return u;
  }

  async list(): Promise<Timelapse[]> {
    const res = await fetch(this.url('/api/timelapse'), { headers: { 'X-Api-Key': this.key } });
    if (!res.ok) throw new Error(`GET /api/timelapse: ${res.status}`);
    const body = (await res.json()) as { files: Timelapse[] };
    return body.files;
  }

  async download(t: Timelapse, dest: string): Promise<number> {
    const res = await fetch(this.url(t.url), { headers: { 'X-Api-Key': this.key } });
    if (!res.ok || !res.body) throw new Error(`download ${t.name}: ${res.status}`);
    const part = `${dest}.part`;
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(part));
    renameSync(part, dest);
    return statSync(dest).size;
  }

  async remove(name: string): Promise<void> {
    const res = await fetch(this.url(`/api/timelapse/${encodeURIComponent(name)}`), {
      method: 'DELETE',
      headers: { 'X-Api-Key': this.key },
    });
    if (!res.ok && res.status !== 404) throw new Error(`DELETE ${name}: ${res.status}`);
  }
}

function verifyArchive(ledger: Record<string, LedgerEntry>): string[] {
  // local files that went missing or changed size since they were archived
  const problems: string[] = [];
  for (const entry of Object.values(ledger)) {
    const file = join(MEDIA, basename(entry.name));
    if (!existsSync(file)) {
      problems.push(`${entry.name}: missing locally${entry.pruned ? ' (and already removed from the printer!)' : ''}`);
      continue;
    }
    const size = statSync(file).size;
    if (size !== entry.bytes) problems.push(`${entry.name}: size ${size}, archived as ${entry.bytes}`);
  }
  return problems;
}

function archiveStats(ledger: Record<string, LedgerEntry>): string {
  const entries = Object.values(ledger);
  const total = entries.reduce((n, e) => n + e.bytes, 0);
  const pruned = entries.filter((e) => e.pruned).length;
  const newest = entries.map((e) => e.downloadedAt).sort().pop() ?? '-';
  return `${entries.length} archived (${human(total)}), ${pruned} removed from printer, last download ${newest.slice(0, 10)}`;
}

function writeIndex(ledger: Record<string, LedgerEntry>): void {
  // small HTML page so the build log can link to the clips
  const rows = Object.values(ledger)
    .sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt))
    .map((e) => `<li><a href="${encodeURIComponent(basename(e.name))}">${basename(e.name)}</a> – ${human(e.bytes)}</li>`);
  writeFileSync(join(MEDIA, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Timelapses</title><ul>\n${rows.join('\n')}\n</ul>\n`);
}

function human(bytes: number): string {
  return bytes > 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const doDownload = args.includes('--download');
  const prune = args.includes('--prune');
  if (prune && !doDownload) throw new Error('--prune only works together with --download');
  const { base, key } = config();
  const octo = new Octo(base, key);
  const remote = await octo.list();
  mkdirSync(MEDIA, { recursive: true });
  const ledger = loadLedger();

  for (const t of remote) {
    const bytes = t.bytes ?? t.size;
    const mark = ledger[t.name] ? 'archived' : 'new';
    console.log(`${t.date.padEnd(20)} ${human(bytes).padStart(9)}  ${mark.padEnd(8)} ${t.name}`);
  }
  const problems = verifyArchive(ledger);
  for (const p of problems) console.warn(`archive: ${p}`);
  console.log(archiveStats(ledger));
  if (!doDownload) return;

  for (const t of remote) {
    const dest = join(MEDIA, basename(t.name));
    const expected = t.bytes ?? t.size;
    if (!ledger[t.name]) {
      const got = await octo.download(t, dest);
      if (got !== expected) {
        unlinkSync(dest);
        console.warn(`${t.name}: size mismatch (${got} vs ${expected}); discarded`);
        continue;
      }
      ledger[t.name] = { name: t.name, bytes: got, downloadedAt: new Date().toISOString() };
      saveLedger(ledger);
      console.log(`downloaded ${t.name}`);
    }
    const entry = ledger[t.name];
    if (prune && entry && !entry.pruned && existsSync(dest) && statSync(dest).size === entry.bytes) {
      await octo.remove(t.name);
      entry.pruned = true;
      saveLedger(ledger);
      console.log(`removed ${t.name} from the printer (archived copy verified)`);
    }
  }
  writeIndex(ledger);
}

main().catch((err: Error) => {
  console.error(`timelapses: ${err.message}`);
  process.exitCode = 1;
});
