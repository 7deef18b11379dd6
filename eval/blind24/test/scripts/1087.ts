#!/usr/bin/env -S npx tsx
/**
 * font-preload.ts -- after `vite build`, inject <link rel="preload"> tags for
 * the fonts the landing page uses above the fold, and report font weight.
 *
 *   npx tsx scripts/font-preload.ts              # rewrite dist/index.html
 *   npx tsx scripts/font-preload.ts --check      # CI: fail if preloads are missing/stale
 *   npx tsx scripts/font-preload.ts --max-kb 120 # budget for all preloaded fonts
 *
 * Only files inside dist/ are read or written. The HTML is modified between
 * <!-- font-preload:start --> and <!-- font-preload:end --> markers, which
 * are inserted right after <head> on the first run.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';

interface FontAsset {
  file: string;
  family: string;
  weight: number;
  bytes: number;
}

interface Options {
  check: boolean;
  maxKb: number;
  families: string[];
  weights: number[];
}

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const INDEX = path.join(DIST, 'index.html');
const START = '<!-- font-preload:start -->';
const END = '<!-- font-preload:end -->';

function options(argv: string[]): Options {
  const get = (f: string) => {
    const i = argv.indexOf(f);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const cfgFile = path.join(ROOT, 'font-preload.json');
  const cfg = existsSync(cfgFile)
    ? (JSON.parse(readFileSync(cfgFile, 'utf8')) as { families?: string[]; weights?: number[]; maxKb?: number })
    : {};
  return {
    check: argv.includes('--check'),
    maxKb: Number(get('--max-kb') ?? cfg.maxKb ?? 150),
    families: cfg.families ?? ['Inter'],
    weights: cfg.weights ?? [400, 600],
  };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith('.woff2')) out.push(p);
  }
  return out;
}

function weightFromName(name: string): number {
  const table: [RegExp, number][] = [
    [/thin/i, 100],
    [/extralight|extra-light/i, 200],
    [/light/i, 300],
    [/medium/i, 500],
    [/semibold|semi-bold/i, 600],
    [/extrabold|extra-bold/i, 800],
    [/bold/i, 700],
    [/black/i, 900],
  ];
  for (const [re, w] of table) if (re.test(name)) return w;
  const numeric = name.match(/-(\d00)(?:-|\.)/);
  return numeric ? Number(numeric[1]) : 400;
}

function fonts(): FontAsset[] {
  if (!existsSync(DIST)) throw new Error('dist/ not found; run the build first');
  return walk(DIST).map((file) => {
    const base = path.basename(file).replace(/\.[0-9a-f]{6,}\.woff2$/, '.woff2');
    return {
      file: '/' + path.relative(DIST, file).split(path.sep).join('/'),
      family: base.split(/[-_.]/)[0],
      weight: weightFromName(base),
      bytes: statSync(file).size,
    };
  });
}

function select(all: FontAsset[], o: Options): FontAsset[] {
  return all.filter((f) => o.families.some((fam) => f.family.toLowerCase() === fam.toLowerCase()) && o.weights.includes(f.weight));
}

function tags(selected: FontAsset[]): string {
  const lines = selected
    .sort((a, b) => a.file.localeCompare(b.file))
    .map((f) => `    <link rel="preload" href="${f.file}" as="font" type="font/woff2" crossorigin>`);
  return [START, ...lines, `    ${END}`].join('\n');
}

function inject(html: string, block: string): string {
  const s = html.indexOf(START);
  const e = html.indexOf(END);
  if (s >= 0 && e > s) return html.slice(0, s) + block + html.slice(e + END.length);
  const head = html.search(/<head[^>]*>/i);
  if (head < 0) throw new Error('dist/index.html has no <head>');
  const at = html.indexOf('>', head) + 1;
  return `${html.slice(0, at)}\n    ${block}${html.slice(at)}`;
}

// preload tags must stay few: each one competes with the main bundle for bandwidth
function warnTooMany(selected: FontAsset[]): void {
  if (selected.length > 4) {
    console.warn(`warning: ${selected.length} fonts preloaded; more than 4 usually hurts LCP`);
  }
}

function writeAtomic(file: string, content: string): void {
  const rel = path.relative(DIST, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`refusing to write outside dist/: ${file}`);
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

function unusedFonts(all: FontAsset[]): FontAsset[] {
  // woff2 files not referenced by any emitted CSS: usually a stale @font-face
  const cssFiles: string[] = [];
  const collect = (folder: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) collect(p);
      else if (e.name.endsWith('.css')) cssFiles.push(p);
    }
  };
  collect(DIST);
  const css = cssFiles.map((f) => readFileSync(f, 'utf8')).join('\n');
  return all.filter((f) => !css.includes(path.basename(f.file)));
}

function main(): number {
  const o = options(process.argv.slice(2));
  if (process.argv.includes('--unused')) {
    for (const f of unusedFonts(fonts())) console.log(`unreferenced: ${f.file}`);
    return 0;
  }
  const all = fonts();
  const selected = select(all, o);
  if (!selected.length) {
    console.error(`no fonts matched families ${o.families.join(', ')} / weights ${o.weights.join(', ')}`);
    return 1;
  }
  warnTooMany(selected);
  const total = selected.reduce((n, f) => n + f.bytes, 0);
  for (const f of selected) console.log(`${f.file.padEnd(50)} ${f.family} ${f.weight}  ${(f.bytes / 1024).toFixed(1)} kB`);
  console.log(`preloading ${selected.length} font(s), ${(total / 1024).toFixed(1)} kB of ${all.length} font file(s)`);
  const overBudget = total / 1024 > o.maxKb;
  if (overBudget) console.error(`font preload budget exceeded: ${(total / 1024).toFixed(1)} kB > ${o.maxKb} kB`);
  const html = readFileSync(INDEX, 'utf8');
  const next = inject(html, tags(selected));
  if (o.check) {
    if (next !== html) {
      console.error('dist/index.html preloads are missing or stale');
      return 1;
    }
    return overBudget ? 1 : 0;
  }
  if (next !== html) {
    writeAtomic(INDEX, next);
    console.log('updated dist/index.html');
  } else {
    console.log('dist/index.html already up to date');
  }
  return overBudget ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`font-preload: ${(err as Error).message}`);
  process.exitCode = 1;
}
