// tools/arxiv-pack.ts - prepare an arXiv submission tarball from the paper sources.
//
//   tsx tools/arxiv-pack.ts            build, flatten, strip comments, tar -> dist/arxiv.tar.gz
//   tsx tools/arxiv-pack.ts --check    also unpack into a temp dir and compile it there
//   tsx tools/arxiv-pack.ts --clean    remove dist/ and the temp staging dir
//
// arXiv compiles with (pdf)latex and without shell escape, so we refuse to
// package documents that need it (\write18, minted, external pgfplots
// without precompiled figures). The .bbl is shipped because arXiv's biber
// version often differs from ours.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PAPER = path.resolve(__dirname, '..');
const DIST = path.join(PAPER, 'dist');
const STAGE = path.join(DIST, 'arxiv');
const MAIN = 'main.tex';
const MAX_SIZE_MB = 50;

const FORBIDDEN: readonly { re: RegExp; why: string }[] = [
  { re: /\\write18/, why: 'shell escape (\\write18)' },
  { re: /\\usepackage(\[[^\]]*\])?\{minted\}/, why: 'minted needs -shell-escape' },
  { re: /\\tikzexternalize/, why: 'tikz externalisation runs latex via shell escape' },
  { re: /\\usepackage(\[[^\]]*\])?\{svg\}/, why: 'svg package calls inkscape via shell escape' },
];

function sh(cmd: string, args: string[], cwd = PAPER): { ok: boolean; out: string } {
  const res = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (res.error) throw new Error(`${cmd}: ${res.error.message}`);
  return { ok: res.status === 0, out: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

function build(): void {
  const { ok, out } = sh('latexmk', ['-pdf', '-interaction=nonstopmode', '-halt-on-error', MAIN]);
  if (!ok) {
    console.error(out.split('\n').filter((l) => l.startsWith('!')).slice(0, 10).join('\n'));
    throw new Error('paper does not build locally');
  }
}

function flatten(file: string, seen = new Set<string>()): string {
  const abs = path.resolve(PAPER, file.endsWith('.tex') ? file : `${file}.tex`);
  if (seen.has(abs)) throw new Error(`\\input cycle at ${path.relative(PAPER, abs)}`);
  seen.add(abs);
  const text = readFileSync(abs, 'utf8');
  return text.replace(/^([^%\n]*?)\\(input|include)\{([^}]+)\}/gm, (_m, pre: string, _cmd: string, target: string) => {
    return `${pre}${flatten(target, seen)}`;
  });
}

function stripComments(tex: string): string {
  return tex
    .split('\n')
    .filter((line) => !/^\s*%/.test(line))
    .map((line) => line.replace(/(^|[^\\])%.*$/, '$1%'))
    .join('\n')
    .replace(/\\begin\{comment\}[\s\S]*?\\end\{comment\}/g, '')
    .replace(/\n{3,}/g, '\n\n');
}

function checkForbidden(tex: string): void {
  const hits = FORBIDDEN.filter((f) => f.re.test(tex)).map((f) => f.why);
  if (hits.length) throw new Error(`cannot package for arXiv: ${hits.join('; ')}`);
}

function referencedGraphics(tex: string): string[] {
  const out = new Set<string>();
  for (const m of tex.matchAll(/\\includegraphics(?:\[[^\]]*\])?\{([^}]+)\}/g)) out.add(m[1]);
  return [...out];
}

function resolveGraphic(name: string): string {
  const candidates = path.extname(name) ? [name] : ['.pdf', '.png', '.jpg'].map((e) => `${name}${e}`);
  for (const c of candidates) {
    const abs = path.join(PAPER, c);
    if (existsSync(abs)) return c;
  }
  throw new Error(`figure not found: ${name}`);
}

function dirSizeMb(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    total += e.isDirectory() ? dirSizeMb(full) * 1e6 : statSync(full).size;
  }
  return total / 1e6;
}

function stage(): string {
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  const tex = stripComments(flatten(MAIN));
  checkForbidden(tex);
  writeFileSync(path.join(STAGE, 'main.tex'), tex);
  const bbl = path.join(PAPER, 'main.bbl');
  if (!existsSync(bbl)) throw new Error('main.bbl missing; did biber run?');
  cpSync(bbl, path.join(STAGE, 'main.bbl'));
  for (const g of referencedGraphics(tex)) {
    const rel = resolveGraphic(g);
    mkdirSync(path.dirname(path.join(STAGE, rel)), { recursive: true });
    cpSync(path.join(PAPER, rel), path.join(STAGE, rel));
  }
  for (const f of readdirSync(PAPER).filter((n) => /\.(sty|cls|bst)$/.test(n))) {
    cpSync(path.join(PAPER, f), path.join(STAGE, f));
  }
  // arXiv reads 00README.XXX for processing hints
  writeFileSync(path.join(STAGE, '00README.XXX'), 'main.tex toplevelfile\nnohypertex\n');
  const size = dirSizeMb(STAGE);
  if (size > MAX_SIZE_MB) throw new Error(`staged sources are ${size.toFixed(1)} MB (> ${MAX_SIZE_MB} MB)`);
  const tarball = path.join(DIST, 'arxiv.tar.gz');
  const { ok, out } = sh('tar', ['-czf', tarball, '-C', STAGE, '.']);
  if (!ok) throw new Error(`tar failed: ${out}`);
  return tarball;
}

function checkTarball(tarball: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'arxiv-check-'));
  try {
    if (!sh('tar', ['-xzf', tarball, '-C', dir]).ok) throw new Error('cannot unpack tarball');
    // same engine arXiv uses, no shell escape, twice for references
    for (let pass = 0; pass < 2; pass++) {
      const res = sh('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'], dir);
      if (!res.ok) throw new Error('tarball does not compile stand-alone');
    }
    const log = readFileSync(path.join(dir, 'main.log'), 'utf8');
    const undef = (log.match(/LaTeX Warning: (Reference|Citation) `[^']+' .* undefined/g) ?? []).length;
    console.log(`stand-alone compile ok (${undef} undefined refs/cites)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Metadata {
  title: string;
  abstract: string;
}

function metadata(tex: string): Metadata {
  const title = /\\title(?:\[[^\]]*\])?\{([^}]*)\}/.exec(tex)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  const abstract = /\\begin\{abstract\}([\s\S]*?)\\end\{abstract\}/.exec(tex)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  return { title, abstract };
}

function checkMetadata(): void {
  // arXiv's form limits: abstract <= 1920 characters; warn early
  const { title, abstract } = metadata(readFileSync(path.join(STAGE, 'main.tex'), 'utf8'));
  if (!title) console.warn('warning: no \\title found');
  if (abstract.length > 1920) console.warn(`warning: abstract is ${abstract.length} chars (arXiv limit 1920)`);
  writeFileSync(path.join(DIST, 'arxiv-metadata.txt'), `Title: ${title}\n\nAbstract:\n${abstract}\n`);
  console.log(`metadata -> ${path.relative(PAPER, path.join(DIST, 'arxiv-metadata.txt'))}`);
}

function listing(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listing(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  if (args.has('--clean')) {
    rmSync(DIST, { recursive: true, force: true });
    console.log('removed dist/');
    return;
  }
  build();
  const tarball = stage();
  console.log(`wrote ${path.relative(PAPER, tarball)} (${(statSync(tarball).size / 1024).toFixed(0)} KiB)`);
  listing(STAGE).forEach((f) => console.log(`  ${f}`));
  checkMetadata();
  if (args.has('--check')) checkTarball(tarball);
}

try {
  main();
} catch (err) {
  console.error(`arxiv-pack: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
