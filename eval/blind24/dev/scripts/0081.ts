#!/usr/bin/env -S npx tsx
/**
 * favicons.ts -- generate favicons, apple-touch icons and the web manifest
 * from branding/logo.svg using ImageMagick.
 *
 *   npx tsx scripts/favicons.ts
 *   npx tsx scripts/favicons.ts --background "#0f172a" --name "Acme Console"
 *
 * Outputs go to public/ (favicon.ico, icon-*.png, apple-touch-icon.png,
 * site.webmanifest). Previous outputs are moved to .cache/favicons-prev/ so
 * a bad run can be reverted with --revert.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Options {
  source: string;
  background: string;
  name: string;
  shortName: string;
  themeColor: string;
  revert: boolean;
  dryRun: boolean;
}

interface Output {
  file: string;
  size: number;
  kind: 'png' | 'ico' | 'apple';
}

const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const PREV = path.join(ROOT, '.cache', 'favicons-prev');

const OUTPUTS: readonly Output[] = [
  { file: 'icon-192.png', size: 192, kind: 'png' },
  { file: 'icon-512.png', size: 512, kind: 'png' },
  { file: 'icon-maskable-512.png', size: 512, kind: 'png' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
  { file: 'favicon.ico', size: 48, kind: 'ico' },
];

function parse(argv: string[]): Options {
  const o: Options = {
    source: path.join(ROOT, 'branding', 'logo.svg'),
    background: 'transparent',
    name: readPackageName(),
    shortName: '',
    themeColor: '#ffffff',
    revert: false,
    dryRun: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--source') o.source = path.resolve(next());
    else if (a === '--background') o.background = next();
    else if (a === '--name') o.name = next();
    else if (a === '--short-name') o.shortName = next();
    else if (a === '--theme-color') o.themeColor = next();
    else if (a === '--revert') o.revert = true;
    else if (a === '--dry-run') o.dryRun = true;
    else throw new Error(`unknown argument ${a}`);
  }
  o.shortName ||= o.name.split(' ')[0];
  if (!/^(transparent|#[0-9a-fA-F]{3,8})$/.test(o.background)) throw new Error('background must be a hex colour');
  if (!/^#[0-9a-fA-F]{3,8}$/.test(o.themeColor)) throw new Error('theme colour must be hex');
  return o;
}

function readPackageName(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name?: string };
    return (pkg.name ?? 'app').replace(/^@[^/]+\//, '');
  } catch {
    return 'app';
  }
}

function haveMagick(): boolean {
  return spawnSync('magick', ['-version'], { stdio: 'ignore' }).status === 0;
}

function magick(args: string[], dryRun: boolean): void {
  if (dryRun) {
    console.log(`magick ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
    return;
  }
  execFileSync('magick', args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function argsFor(o: Options, out: Output): string[] {
  const dest = path.join(PUBLIC, out.file);
  const base = ['-background', o.background, '-density', '384', o.source];
  if (out.kind === 'ico') {
    return [...base, '-define', 'icon:auto-resize=16,32,48', dest];
  }
  if (out.file.includes('maskable')) {
    // maskable icons need ~10% safe padding on each side
    const inner = Math.round(out.size * 0.8);
    return [...base, '-resize', `${inner}x${inner}`, '-gravity', 'center', '-extent', `${out.size}x${out.size}`, dest];
  }
  if (out.kind === 'apple') {
    const bg = o.background === 'transparent' ? '#ffffff' : o.background;
    return ['-background', bg, '-density', '384', o.source, '-resize', `${out.size}x${out.size}`, '-flatten', dest];
  }
  return [...base, '-resize', `${out.size}x${out.size}`, dest];
}

function backupExisting(): number {
  rmSync(PREV, { recursive: true, force: true });
  mkdirSync(PREV, { recursive: true });
  let n = 0;
  for (const f of [...OUTPUTS.map((o) => o.file), 'site.webmanifest']) {
    const p = path.join(PUBLIC, f);
    if (existsSync(p)) {
      copyFileSync(p, path.join(PREV, f));
      n += 1;
    }
  }
  return n;
}

function revert(): void {
  if (!existsSync(PREV)) throw new Error('nothing to revert');
  for (const f of [...OUTPUTS.map((o) => o.file), 'site.webmanifest']) {
    const p = path.join(PREV, f);
    if (existsSync(p)) copyFileSync(p, path.join(PUBLIC, f));
  }
  console.log('restored previous favicons from .cache/favicons-prev');
}

function manifest(o: Options): string {
  return (
    JSON.stringify(
      {
        name: o.name,
        short_name: o.shortName,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        theme_color: o.themeColor,
        background_color: o.background === 'transparent' ? '#ffffff' : o.background,
        display: 'standalone',
      },
      null,
      2,
    ) + '\n'
  );
}

function main(): void {
  const o = parse(process.argv.slice(2));
  if (o.revert) return revert();
  if (!existsSync(o.source)) throw new Error(`source ${path.relative(ROOT, o.source)} not found`);
  if (!haveMagick()) throw new Error('ImageMagick 7 (`magick`) is required');
  mkdirSync(PUBLIC, { recursive: true });
  if (!o.dryRun) {
    const saved = backupExisting();
    if (saved) console.log(`previous outputs saved (${saved} files); undo with --revert`);
  }
  for (const out of OUTPUTS) magick(argsFor(o, out), o.dryRun);
  if (o.dryRun) return;
  writeFileSync(path.join(PUBLIC, 'site.webmanifest'), manifest(o));
  for (const out of OUTPUTS) {
    const size = statSync(path.join(PUBLIC, out.file)).size;
    console.log(`${out.file.padEnd(26)} ${(size / 1024).toFixed(1)} KiB`);
  }
  console.log('add to <head>: <link rel="manifest" href="/site.webmanifest">');
}

try {
  main();
} catch (err) {
  console.error(`favicons: ${(err as Error).message}`);
  process.exitCode = 1;
}
