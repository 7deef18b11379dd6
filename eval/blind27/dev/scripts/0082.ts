#!/usr/bin/env -S npx tsx
// Catalogue builder for the photo archive project.
//
// Reads metadata of everything under library/ with `exiftool -json -r`
// (batched, via execFile so paths with spaces are safe), normalises it into a
// catalogue (build/catalogue.json + build/catalogue.csv), flags problems
// (missing capture date, missing copyright, duplicates by checksum) and, with
// --write-sidecars, writes XMP sidecars for files that lack them. Originals are
// never modified: exiftool is only called with -o for sidecars.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const LIBRARY = path.join(ROOT, 'library');
const BUILD = path.join(ROOT, 'build');
const MEDIA = /\.(cr3|cr2|nef|arw|raf|dng|jpe?g|heic|tiff?|png)$/i;
const BATCH = 200;

type Problem = 'no-date' | 'no-copyright' | 'duplicate' | 'no-sidecar';

interface ExifRow {
  SourceFile: string;
  DateTimeOriginal?: string;
  CreateDate?: string;
  Model?: string;
  LensModel?: string;
  Copyright?: string;
  Rating?: number;
  ImageWidth?: number;
  ImageHeight?: number;
  Keywords?: string | string[];
}

interface Entry {
  file: string;
  taken: string | null;
  camera: string | null;
  lens: string | null;
  size: string | null;
  rating: number;
  keywords: string[];
  sha1: string;
  problems: Problem[];
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.')) yield* walk(p);
    } else if (MEDIA.test(e.name)) {
      yield p;
    }
  }
}

function sha1(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha1');
    createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

async function exif(files: string[]): Promise<ExifRow[]> {
  const tags = ['-DateTimeOriginal', '-CreateDate', '-Model', '-LensModel', '-Copyright', '-Rating',
    '-ImageWidth', '-ImageHeight', '-Keywords'];
  const { stdout } = await run('exiftool', ['-json', '-n', '-q', ...tags, '--', ...files], {
    maxBuffer: 128 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ExifRow[];
}

function toDate(v?: string): string | null {
  if (!v) return null;
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}` : null;
}

function sidecarFor(file: string): string {
  return `${file}.xmp`;
}

async function writeSidecar(file: string): Promise<void> {
  // -o creates a new file; exiftool refuses to overwrite an existing sidecar
  await run('exiftool', ['-q', '-tagsfromfile', file, '-xmp:all<all', '-o', sidecarFor(file), file]);
}

function toCsv(entries: Entry[]): string {
  const esc = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  };
  const cols: Array<keyof Entry> = ['file', 'taken', 'camera', 'lens', 'size', 'rating', 'keywords', 'sha1', 'problems'];
  return [cols.join(','), ...entries.map((e) => cols.map((c) => esc(Array.isArray(e[c]) ? (e[c] as string[]).join(';') : e[c])).join(','))].join('\n') + '\n';
}

function byYear(entries: Entry[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const y = e.taken ? e.taken.slice(0, 4) : 'unknown';
    counts.set(y, (counts.get(y) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => a[0].localeCompare(b[0]));
}

function duplicateGroups(entries: Entry[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const list = groups.get(e.sha1) ?? [];
    list.push(e.file);
    groups.set(e.sha1, list);
  }
  for (const [k, v] of groups) if (v.length < 2) groups.delete(k);
  return groups;
}

async function main(): Promise<void> {
  const writeSidecars = process.argv.includes('--write-sidecars');
  const files: string[] = [];
  for await (const f of walk(LIBRARY)) files.push(f);
  console.log(`${files.length} media files under library/`);

  const rows: ExifRow[] = [];
  for (let i = 0; i < files.length; i += BATCH) {
    rows.push(...(await exif(files.slice(i, i + BATCH))));
    process.stdout.write(`\r  exif ${Math.min(i + BATCH, files.length)}/${files.length}`);
  }
  process.stdout.write('\n');

  const seen = new Map<string, string>();
  const entries: Entry[] = [];
  for (const r of rows) {
    const hash = await sha1(r.SourceFile);
    const problems: Problem[] = [];
    const taken = toDate(r.DateTimeOriginal ?? r.CreateDate);
    if (!taken) problems.push('no-date');
    if (!r.Copyright) problems.push('no-copyright');
    if (seen.has(hash)) problems.push('duplicate');
    else seen.set(hash, r.SourceFile);
    if (!existsSync(sidecarFor(r.SourceFile)) && !/\.jpe?g$/i.test(r.SourceFile)) problems.push('no-sidecar');
    entries.push({
      file: path.relative(ROOT, r.SourceFile),
      taken,
      camera: r.Model ?? null,
      lens: r.LensModel ?? null,
      size: r.ImageWidth && r.ImageHeight ? `${r.ImageWidth}x${r.ImageHeight}` : null,
      rating: r.Rating ?? 0,
      keywords: Array.isArray(r.Keywords) ? r.Keywords : r.Keywords ? [r.Keywords] : [],
      sha1: hash,
      problems,
    });
  }

  await mkdir(BUILD, { recursive: true });
  await writeFile(path.join(BUILD, 'catalogue.json'), JSON.stringify(entries, null, 1));
  await writeFile(path.join(BUILD, 'catalogue.csv'), toCsv(entries));
  const dups = duplicateGroups(entries);
  await writeFile(path.join(BUILD, 'duplicates.json'), JSON.stringify(Object.fromEntries(dups), null, 1));
  for (const [year, n] of byYear(entries)) console.log(`  ${year}: ${n}`);
  const count = (p: Problem) => entries.filter((e) => e.problems.includes(p)).length;
  console.log(`no date: ${count('no-date')}, no copyright: ${count('no-copyright')}, duplicates: ${count('duplicate')}, no sidecar: ${count('no-sidecar')}`);

  if (writeSidecars) {
    let n = 0;
    for (const e of entries.filter((x) => x.problems.includes('no-sidecar'))) {
      await writeSidecar(path.join(ROOT, e.file));
      n++;
    }
    console.log(`wrote ${n} sidecar(s)`);
  } else if (count('no-sidecar')) {
    console.log('run with --write-sidecars to create the missing XMP sidecars');
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
