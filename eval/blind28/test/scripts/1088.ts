#!/usr/bin/env -S npx tsx
// Requires tsx, Node >= 20 and DCMTK.
//
//
// History
//   2024-03  file vs file
//   2024-04  series pairing by InstanceNumber
//   2024-06  JSON report
//
//
// Reading the output:
//   files    number of file pairs in which the tag differs (or is missing)
//   kind     changed | removed (only right) | added (only left) | same (--all)
//   example  values from the first pair where the difference was seen
//
// Typical de-identification review: PatientName/PatientID "changed",
// PatientBirthDate/OtherPatientIDs/InstitutionAddress "removed", UIDs
// "changed" in every pair.  Anything else that changed deserves a look.
//
// Nested sequence items are skipped (lines indented in dcmdump output); use
// dcmdump directly to inspect sequences such as ReferencedImageSequence.
//
// Pairing: by InstanceNumber for folders; instances present on only one side
// are reported as warnings and not compared.
//
// Exit status: 0 compared, 1 on errors (no comparable files, dcmdump missing).
//
// Requirements: DCMTK (dcmdump) on PATH.
//
// Examples:
//   npx tsx tools/tag-diff.ts out/deid/case_042 studies/case_042
//   npx tsx tools/tag-diff.ts a.dcm b.dcm --all | less
//
// Owner: imaging data team.
//
// Related: tools/deid-batch.sh produces the out/deid copies this compares;
// tools/dicom-index.js --check-deid checks a whole corpus for leftovers.
//
// Privacy: the right-hand side is the original copy and can contain patient
// data; the JSON report keeps example values, so write it under out/ only
// (gitignored) and do not attach it to tickets.
//
// tag-diff.ts - compare DICOM headers between two series (or two files) with dcmdump.
//
//   npx tsx tools/tag-diff.ts out/deid/case_042 studies/case_042        series vs. series
//   npx tsx tools/tag-diff.ts a.dcm b.dcm --all                          include unchanged tags
//   npx tsx tools/tag-diff.ts out/deid/case_042 studies/case_042 --json out/reports/case_042.json
//
// Typical use: check what the de-identification changed (left = output in
// out/deid/, right = the original copy).  For series, files are paired by
// InstanceNumber.  Pixel data and group length tags are ignored.  dcmdump runs
// as a child process per file with fixed arguments; nothing is modified.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const IGNORE = new Set(['(7fe0,0010)', '(0002,0000)', '(0008,0000)', '(0010,0000)', '(fffe,e000)', '(fffe,e00d)', '(fffe,e0dd)']);
const LINE = /^\s*(\([0-9a-f]{4},[0-9a-f]{4}\))\s+([A-Z]{2})\s+(.*?)\s+#\s+\d+,\s+\d+\s+(\S+)\s*$/i;

interface Tag {
  tag: string;
  vr: string;
  value: string;
  keyword: string;
}

interface Change {
  tag: string;
  keyword: string;
  left?: string;
  right?: string;
  kind: 'changed' | 'removed' | 'added' | 'same';
}

async function dump(file: string): Promise<Map<string, Tag>> {
  const { stdout } = await run('dcmdump', ['-q', '+L', '-M', file], { maxBuffer: 32 * 2 ** 20 });
  const tags = new Map<string, Tag>();
  for (const raw of stdout.split('\n')) {
    const m = LINE.exec(raw);
    if (!m) continue;
    const tag = m[1].toLowerCase();
    if (IGNORE.has(tag) || raw.startsWith('  ')) continue; // skip nested sequence items
    tags.set(tag, { tag, vr: m[2], value: m[3].replace(/^\[|\]$/g, ''), keyword: m[4] });
  }
  return tags;
}

function compare(left: Map<string, Tag>, right: Map<string, Tag>, includeSame: boolean): Change[] {
  const out: Change[] = [];
  const keys = new Set([...left.keys(), ...right.keys()]);
  for (const tag of [...keys].sort()) {
    const l = left.get(tag);
    const r = right.get(tag);
    const keyword = (l ?? r)!.keyword;
    if (l && r) {
      if (l.value !== r.value) out.push({ tag, keyword, left: l.value, right: r.value, kind: 'changed' });
      else if (includeSame) out.push({ tag, keyword, left: l.value, right: r.value, kind: 'same' });
    } else if (l) out.push({ tag, keyword, left: l.value, kind: 'added' });
    else out.push({ tag, keyword, right: r!.value, kind: 'removed' });
  }
  return out;
}

async function instanceNumber(file: string): Promise<number> {
  const { stdout } = await run('dcmdump', ['-q', '+P', '0020,0013', file]);
  const m = /\[(\d+)\]/.exec(stdout);
  return m ? Number(m[1]) : Number.NaN;
}

async function pairSeries(a: string, b: string): Promise<[string, string][]> {
  const index = async (dir: string) => {
    const map = new Map<number, string>();
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (!statSync(p).isFile()) continue;
      const n = await instanceNumber(p).catch(() => Number.NaN);
      if (!Number.isNaN(n)) map.set(n, p);
    }
    return map;
  };
  const [ia, ib] = await Promise.all([index(a), index(b)]);
  const pairs: [string, string][] = [];
  for (const [n, fa] of [...ia].sort((x, y) => x[0] - y[0])) {
    const fb = ib.get(n);
    if (fb) pairs.push([fa, fb]);
    else console.warn(`InstanceNumber ${n} only in ${a}`);
  }
  return pairs;
}

function summarise(all: Change[][]): Map<string, { keyword: string; kinds: Set<string>; count: number; example: Change }> {
  const byTag = new Map<string, { keyword: string; kinds: Set<string>; count: number; example: Change }>();
  for (const changes of all) {
    for (const c of changes) {
      const e = byTag.get(c.tag) ?? { keyword: c.keyword, kinds: new Set<string>(), count: 0, example: c };
      e.kinds.add(c.kind);
      e.count++;
      byTag.set(c.tag, e);
    }
  }
  return byTag;
}

function short(v?: string): string {
  if (v === undefined) return '∅';
  return v.length > 40 ? `${v.slice(0, 37)}...` : v;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [a, b] = args.filter((x) => !x.startsWith('--') && !x.endsWith('.json'));
  if (!a || !b) throw new Error('usage: tag-diff.ts <left> <right> [--all] [--json out.json]');
  const includeSame = args.includes('--all');
  const pairs: [string, string][] = statSync(a).isDirectory() ? await pairSeries(a, b) : [[a, b]];
  if (!pairs.length) throw new Error('no comparable files');
  const results: Change[][] = [];
  for (const [fa, fb] of pairs) {
    const [ta, tb] = await Promise.all([dump(fa), dump(fb)]);
    results.push(compare(ta, tb, includeSame));
  }
  const summary = summarise(results);
  console.log(`${pairs.length} file pair(s) compared\n`);
  console.log(`${'tag'.padEnd(12)} ${'keyword'.padEnd(32)} ${'files'.padStart(5)}  kind       left -> right`);
  for (const [tag, e] of [...summary].sort((x, y) => y[1].count - x[1].count)) {
    console.log(`${tag.padEnd(12)} ${e.keyword.padEnd(32)} ${String(e.count).padStart(5)}  ${[...e.kinds].join(',').padEnd(10)} ${short(e.example.left)} -> ${short(e.example.right)}`);
  }
  const ji = args.indexOf('--json');
  if (ji >= 0) {
    const target = args[ji + 1];
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ pairs: pairs.length, tags: Object.fromEntries([...summary].map(([t, e]) => [t, { ...e, kinds: [...e.kinds] }])) }, null, 2));
    console.log(`\nJSON written to ${target}`);
  }
}

main().catch((err: unknown) => {
  console.error(`tag-diff: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
