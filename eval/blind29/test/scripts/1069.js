#!/usr/bin/env node
// Generate @font-face CSS and a coverage report for the web font kit.
//
//   node tools/font-kit.js                         # fonts from config/font-kit.json
//   node tools/font-kit.js --check-only            # coverage report, no files written
//
// For each font in the kit the script asks fontTools (via `python3 -m
// fontTools.ttx -l` and a tiny inline python helper reading the cmap) which
// code points are covered, compares them with the required character sets
// in config/charsets/*.txt, converts the font to WOFF2 with
// `python3 -m fontTools.ttLib.woff2 compress`, and writes
// build/font-kit/{fonts.css, coverage.md, *.woff2}.  The CSS uses content
// hashes in file names so the CDN can cache them forever.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'font-kit');
const PY = fs.existsSync(path.join(ROOT, '.venv', 'bin', 'python')) ? path.join(ROOT, '.venv', 'bin', 'python') : 'python3';

// reads the best cmap of a font and prints the code points as JSON
const CMAP_HELPER = [
  'import json, sys',
  'from fontTools.ttLib import TTFont',
  'font = TTFont(sys.argv[1], lazy=True)',
  'print(json.dumps(sorted(font.getBestCmap().keys())))',
].join('\n');

function parseFlags() {
  const argv = process.argv.slice(2);
  return { checkOnly: argv.includes('--check-only'), config: path.join(ROOT, 'config', 'font-kit.json') };
}

async function codepoints(file) {
  const { stdout } = await run(PY, ['-c', CMAP_HELPER, file], { maxBuffer: 16 << 20 });
  return new Set(JSON.parse(stdout));
}

async function charset(name) {
  const text = await fsp.readFile(path.join(ROOT, 'config', 'charsets', `${name}.txt`), 'utf8');
  const set = new Set();
  for (const line of text.split('\n')) {
    const t = line.split('#')[0].trim();
    if (!t) continue;
    const range = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(t);
    if (range) {
      const a = parseInt(range[1], 16);
      const b = range[2] ? parseInt(range[2], 16) : a;
      for (let cp = a; cp <= b; cp++) set.add(cp);
    } else {
      for (const ch of t) set.add(ch.codePointAt(0));
    }
  }
  return set;
}

async function toWoff2(src, destDir) {
  const tmpDir = await fsp.mkdtemp(path.join(OUT, '.tmp-'));
  try {
    const tmp = path.join(tmpDir, path.basename(src).replace(/\.(ttf|otf)$/i, '.woff2'));
    await run(PY, ['-m', 'fontTools.ttLib.woff2', 'compress', '-o', tmp, src]);
    const data = await fsp.readFile(tmp);
    const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 10);
    const name = path.basename(tmp).replace(/\.woff2$/, `.${hash}.woff2`);
    await fsp.rename(tmp, path.join(destDir, name));
    return { name, bytes: data.length };
  } finally {
    await fsp.rm(tmpDir, { force: true, recursive: true });
  }
}

function cssRule(face, file) {
  return [
    '@font-face {',
    `  font-family: "${face.family}";`,
    `  font-weight: ${face.weight ?? 400};`,
    `  font-style: ${face.style ?? 'normal'};`,
    '  font-display: swap;',
    `  src: url("./${file}") format("woff2");`,
    face.unicodeRange ? `  unicode-range: ${face.unicodeRange};` : null,
    '}',
  ]
    .filter(Boolean)
    .join('\n');
}

function fmtMissing(missing) {
  return missing
    .slice(0, 20)
    .map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(cp)}`)
    .join(', ');
}

// preload hints for the two most used faces, consumed by the site's <head>
function preloadSnippet(config, written) {
  const wanted = (config.preload || []).slice(0, 2);
  const lines = [];
  for (const fileName of written) {
    if (wanted.some((w) => fileName.startsWith(w))) {
      lines.push(`<link rel="preload" href="/fonts/${fileName}" as="font" type="font/woff2" crossorigin>`);
    }
  }
  return lines.join('\n');
}

// size budget per face; large fonts slow down the first render
function budgetReport(config, sizes) {
  const budget = (config.budgetKiB || 80) * 1024;
  const over = [...sizes.entries()].filter(([, b]) => b > budget);
  for (const [name, b] of over) {
    console.error(`[font-kit] ⚠ ${name} is ${(b / 1024).toFixed(0)} KiB (budget ${config.budgetKiB || 80} KiB)`);
  }
  return over.length;
}

function manifest(written, sizes) {
  return JSON.stringify(
    [...written].map((name) => ({ file: name, bytes: sizes.get(name) })),
    null,
    2,
  );
}

async function removeStaleWoff(keep) {
  // only hashed kit files we generated earlier are removed
  for (const f of await fsp.readdir(OUT)) {
    if (/\.[0-9a-f]{10}\.woff2$/.test(f) && !keep.has(f)) await fsp.rm(path.join(OUT, f));
  }
}

async function main() {
  const flags = parseFlags();
  const config = JSON.parse(await fsp.readFile(flags.config, 'utf8'));
  await fsp.mkdir(OUT, { recursive: true });
  const required = new Map();
  for (const name of config.charsets || []) required.set(name, await charset(name));

  const rules = [];
  const coverage = ['# Font kit coverage', '', '| font | charset | missing |', '|---|---|---:|'];
  const written = new Set();
  const sizes = new Map();
  let gaps = 0;
  for (const face of config.faces) {
    const src = path.resolve(ROOT, face.file);
    if (!src.startsWith(ROOT + path.sep)) throw new Error(`${face.file} is outside the project`);
    const cps = await codepoints(src);
    for (const [name, set] of required) {
      const missing = [...set].filter((cp) => !cps.has(cp));
      gaps += missing.length;
      coverage.push(`| ${path.basename(src)} | ${name} | ${missing.length}${missing.length ? ` (${fmtMissing(missing)})` : ''} |`);
    }
    if (flags.checkOnly) continue;
    const { name, bytes } = await toWoff2(src, OUT);
    written.add(name);
    sizes.set(name, bytes);
    rules.push(cssRule(face, name));
    console.error(`[font-kit] ${path.basename(src)} → ${name} (${(bytes / 1024).toFixed(1)} KiB)`);
  }

  await fsp.writeFile(path.join(OUT, 'coverage.md'), coverage.join('\n') + '\n');
  if (!flags.checkOnly) {
    await fsp.writeFile(path.join(OUT, 'fonts.css'), rules.join('\n\n') + '\n');
    await removeStaleWoff(written);
    await fsp.writeFile(path.join(OUT, 'preload.html'), preloadSnippet(config, written) + '\n');
    await fsp.writeFile(path.join(OUT, 'manifest.json'), manifest(written, sizes) + '\n');
    budgetReport(config, sizes);
  }
  console.error(`[font-kit] ${config.faces.length} face(s), ${gaps} missing code point(s) across required charsets`);
  process.exitCode = gaps ? 2 : 0;
}

main().catch((e) => {
  console.error(`[font-kit] ${e.stderr || e.message}`);
  process.exitCode = 1;
});
