// tools/vcf-summary.ts - summarise joint-called VCFs for the weekly lab meeting.
//
//   tsx tools/vcf-summary.ts results/vcf/*.vcf.gz            markdown to stdout
//   tsx tools/vcf-summary.ts --out reports/variants.md ...   write the report file
//
// Streams each bgzipped VCF with zlib (no external tools), counts variants by
// type and FILTER, Ti/Tv for SNVs, per-sample missingness and het/hom ratio.
// Sample ids are pseudonymous lab ids; the report stays in this repository.
//
// Expected ranges used for the notes section:
//   Ti/Tv (whole genome)   ~2.0-2.1; flagged outside 1.8-2.3
//   per-sample missingness flagged above 10%
// Multi-allelic records count once per ALT allele in the type table.
// Spanning deletions (*) and missing ALT (.) are skipped.

import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import path from 'node:path';

const LAB = path.resolve(__dirname, '..');

type VariantKind = 'snv' | 'mnv' | 'insertion' | 'deletion' | 'complex';

interface SampleStats {
  called: number;
  missing: number;
  het: number;
  homAlt: number;
}

interface FileStats {
  file: string;
  records: number;
  byKind: Record<VariantKind, number>;
  byFilter: Map<string, number>;
  transitions: number;
  transversions: number;
  samples: Map<string, SampleStats>;
}

const TRANSITIONS = new Set(['AG', 'GA', 'CT', 'TC']);

function classify(ref: string, alt: string): VariantKind {
  if (ref.length === 1 && alt.length === 1) return 'snv';
  if (ref.length === alt.length) return 'mnv';
  if (ref.length === 1 && alt.length > 1 && alt[0] === ref[0]) return 'insertion';
  if (alt.length === 1 && ref.length > 1 && ref[0] === alt[0]) return 'deletion';
  return 'complex';
}

function emptyStats(file: string): FileStats {
  return {
    file,
    records: 0,
    byKind: { snv: 0, mnv: 0, insertion: 0, deletion: 0, complex: 0 },
    byFilter: new Map(),
    transitions: 0,
    transversions: 0,
    samples: new Map(),
  };
}

function genotypeIndex(format: string): number {
  return format.split(':').indexOf('GT');
}

function tallyGenotype(stats: SampleStats, gt: string | undefined): void {
  if (!gt || gt.startsWith('.')) {
    stats.missing++;
    return;
  }
  stats.called++;
  const alleles = gt.split(/[/|]/);
  if (alleles.length !== 2) return;
  if (alleles[0] !== alleles[1]) stats.het++;
  else if (alleles[0] !== '0') stats.homAlt++;
}

async function summarise(file: string): Promise<FileStats> {
  const stats = emptyStats(path.relative(LAB, file));
  const input = createReadStream(file).pipe(createGunzip());
  const rl = createInterface({ input, crlfDelay: Infinity });
  let sampleNames: string[] = [];
  for await (const line of rl) {
    if (line.startsWith('##')) continue;
    if (line.startsWith('#CHROM')) {
      sampleNames = line.split('\t').slice(9);
      for (const s of sampleNames) stats.samples.set(s, { called: 0, missing: 0, het: 0, homAlt: 0 });
      continue;
    }
    const cols = line.split('\t');
    stats.records++;
    const [ref, altField, filter] = [cols[3], cols[4], cols[6]];
    stats.byFilter.set(filter, (stats.byFilter.get(filter) ?? 0) + 1);
    for (const alt of altField.split(',')) {
      if (alt === '*' || alt === '.') continue;
      const kind = classify(ref, alt);
      stats.byKind[kind]++;
      if (kind === 'snv') {
        if (TRANSITIONS.has(ref + alt)) stats.transitions++;
        else stats.transversions++;
      }
    }
    const gtIdx = cols[8] ? genotypeIndex(cols[8]) : -1;
    if (gtIdx < 0) continue;
    sampleNames.forEach((name, i) => {
      const field = cols[9 + i]?.split(':')[gtIdx];
      tallyGenotype(stats.samples.get(name)!, field);
    });
  }
  return stats;
}

function pct(n: number, d: number): string {
  return d ? `${((100 * n) / d).toFixed(1)}%` : '-';
}

function render(all: FileStats[]): string {
  const out: string[] = ['# Variant summary', '', `Generated ${new Date().toISOString().slice(0, 16)}Z`, ''];
  for (const s of all) {
    out.push(`## ${s.file}`, '');
    out.push(`Records: ${s.records}  ·  Ti/Tv: ${s.transversions ? (s.transitions / s.transversions).toFixed(2) : '-'}`, '');
    out.push('| type | count |', '|---|---:|');
    for (const [k, v] of Object.entries(s.byKind)) out.push(`| ${k} | ${v} |`);
    out.push('', '| FILTER | count |', '|---|---:|');
    for (const [k, v] of [...s.byFilter].sort((a, b) => b[1] - a[1])) out.push(`| ${k} | ${v} |`);
    out.push('', '| sample | missing | het/hom-alt |', '|---|---:|---:|');
    for (const [name, st] of s.samples) {
      const ratio = st.homAlt ? (st.het / st.homAlt).toFixed(2) : '-';
      out.push(`| ${name} | ${pct(st.missing, st.called + st.missing)} | ${ratio} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

function flagOutliers(all: FileStats[]): string[] {
  const notes: string[] = [];
  for (const s of all) {
    const titv = s.transversions ? s.transitions / s.transversions : 0;
    if (titv && (titv < 1.8 || titv > 2.3)) notes.push(`${s.file}: Ti/Tv ${titv.toFixed(2)} outside 1.8-2.3`);
    for (const [name, st] of s.samples) {
      const miss = st.missing / Math.max(1, st.called + st.missing);
      if (miss > 0.1) notes.push(`${s.file}: ${name} has ${(100 * miss).toFixed(1)}% missing genotypes`);
    }
  }
  return notes;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf('--out');
  const out = outIdx >= 0 ? args.splice(outIdx, 2)[1] : null;
  const files = args.filter((f) => f.endsWith('.vcf.gz'));
  if (!files.length) throw new Error('usage: vcf-summary.ts [--out FILE] VCF.gz...');
  for (const f of files) if (!existsSync(f)) throw new Error(`missing ${f}`);
  const all: FileStats[] = [];
  for (const f of files) {
    process.stderr.write(`reading ${f}\n`);
    all.push(await summarise(f));
  }
  const md = render(all);
  const notes = flagOutliers(all);
  const text = notes.length ? `${md}\n## Notes\n\n${notes.map((n) => `- ${n}`).join('\n')}\n` : md;
  if (out) {
    const target = path.resolve(LAB, out);
    if (!target.startsWith(LAB + path.sep)) throw new Error('--out must be inside the repository');
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    process.stderr.write(`wrote ${path.relative(LAB, target)}\n`);
  } else {
    process.stdout.write(text);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`vcf-summary: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
