#!/usr/bin/env node
// tools/pack-sprites.js - build texture atlases for the Godot project.
//
// For every folder in art/sprites/<atlas>/ (PNG frames) this:
//   - checks frame sizes with `magick identify`
//   - packs them with the free-tex-packer CLI into assets/atlases/<atlas>.png/.json
//   - optimises the PNG with oxipng if present
//   - writes a Godot .tres SpriteFrames resource next to it
// Work happens in a temp dir that is removed at the end; outputs are only
// written under assets/atlases/.
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs/promises');
const fss = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'art', 'sprites');
const OUT = path.join(ROOT, 'assets', 'atlases');
const CACHE = path.join(ROOT, '.cache', 'pack-sprites.json');
const MAX_ATLAS = 4096;
const PARALLEL = Math.max(1, Math.min(4, os.cpus().length - 1));

async function which(bin) {
  try {
    await run('sh', ['-c', `command -v ${bin}`]);
    return true;
  } catch {
    return false;
  }
}

async function listAtlases(only) {
  const entries = await fs.readdir(SRC, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return only.length ? names.filter((n) => only.includes(n)) : names;
}

async function frames(atlas) {
  const dir = path.join(SRC, atlas);
  return (await fs.readdir(dir)).filter((f) => f.toLowerCase().endsWith('.png')).sort().map((f) => path.join(dir, f));
}

async function hashFiles(files) {
  const h = crypto.createHash('sha1');
  for (const f of files) {
    h.update(path.basename(f));
    h.update(await fs.readFile(f));
  }
  return h.digest('hex');
}

async function identify(files) {
  const { stdout } = await run('magick', ['identify', '-format', '%f %w %h\n', ...files], { maxBuffer: 16 << 20 });
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [name, w, h] = line.split(' ');
      return { name, w: Number(w), h: Number(h) };
    });
}

function checkSizes(atlas, sizes) {
  const problems = [];
  const first = sizes[0];
  for (const s of sizes) {
    if (s.w > MAX_ATLAS / 2 || s.h > MAX_ATLAS / 2) problems.push(`${s.name} is ${s.w}x${s.h}, too big for an atlas`);
    if (atlas.endsWith('_anim') && (s.w !== first.w || s.h !== first.h)) {
      problems.push(`${s.name} is ${s.w}x${s.h}, animation frames must all be ${first.w}x${first.h}`);
    }
  }
  return problems;
}

async function pack(atlas, files, tmp) {
  const input = path.join(tmp, atlas);
  await fs.mkdir(input, { recursive: true });
  for (const f of files) await fs.copyFile(f, path.join(input, path.basename(f)));
  const args = [
    '--no-install', 'free-tex-packer-cli',
    '--project', path.join(ROOT, 'tools', 'atlas.ftpp'),
    '--input', input,
    '--output', tmp,
    '--name', atlas,
  ];
  await run('npx', args, { cwd: ROOT, maxBuffer: 16 << 20 });
  return { png: path.join(tmp, `${atlas}.png`), json: path.join(tmp, `${atlas}.json`) };
}

async function optimise(png) {
  if (!(await which('oxipng'))) return false;
  await run('oxipng', ['-o', '3', '--strip', 'safe', png]);
  return true;
}

function spriteFrames(atlas, meta) {
  const lines = [`[gd_resource type="SpriteFrames" load_steps=2 format=3]`, ''];
  lines.push(`[ext_resource type="Texture2D" path="res://assets/atlases/${atlas}.png" id="1"]`, '');
  lines.push('[resource]');
  const frameEntries = Object.entries(meta.frames).map(([name, f]) => {
    const r = f.frame;
    return `{"duration": 1.0, "texture": SubResource("${name}"), "region": Rect2(${r.x}, ${r.y}, ${r.w}, ${r.h})}`;
  });
  lines.push(`animations = [{"frames": [${frameEntries.join(', ')}], "loop": true, "name": &"${atlas}", "speed": 12.0}]`);
  return lines.join('\n') + '\n';
}

async function loadCache() {
  try {
    return JSON.parse(await fs.readFile(CACHE, 'utf8'));
  } catch {
    return {};
  }
}

async function processAtlas(atlas, cache, tmp, force) {
  const files = await frames(atlas);
  if (files.length === 0) return { atlas, skipped: 'no frames' };
  const digest = await hashFiles(files);
  if (!force && cache[atlas] === digest && fss.existsSync(path.join(OUT, `${atlas}.png`))) {
    return { atlas, skipped: 'up to date' };
  }
  const problems = checkSizes(atlas, await identify(files));
  if (problems.length) return { atlas, error: problems.join('; ') };
  const out = await pack(atlas, files, tmp);
  const optimised = await optimise(out.png);
  const meta = JSON.parse(await fs.readFile(out.json, 'utf8'));
  await fs.mkdir(OUT, { recursive: true });
  await fs.copyFile(out.png, path.join(OUT, `${atlas}.png`));
  await fs.copyFile(out.json, path.join(OUT, `${atlas}.json`));
  await fs.writeFile(path.join(OUT, `${atlas}.tres`), spriteFrames(atlas, meta));
  cache[atlas] = digest;
  return { atlas, frames: files.length, optimised };
}

async function pool(items, size, fn) {
  const results = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (i < items.length) {
        const item = items[i++];
        results.push(await fn(item));
      }
    }),
  );
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const only = args.filter((a) => !a.startsWith('--'));
  if (!(await which('magick'))) throw new Error('ImageMagick 7 (`magick`) is required');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pack-sprites-'));
  const cache = await loadCache();
  try {
    const atlases = await listAtlases(only);
    const results = await pool(atlases, PARALLEL, (a) => processAtlas(a, cache, tmp, force));
    let failed = 0;
    for (const r of results.sort((a, b) => a.atlas.localeCompare(b.atlas))) {
      if (r.error) {
        failed++;
        console.log(`ERR  ${r.atlas}: ${r.error}`);
      } else if (r.skipped) console.log(`skip ${r.atlas} (${r.skipped})`);
      else console.log(`ok   ${r.atlas}: ${r.frames} frames${r.optimised ? ', optimised' : ''}`);
    }
    await fs.mkdir(path.dirname(CACHE), { recursive: true });
    await fs.writeFile(CACHE, JSON.stringify(cache, null, 2));
    if (failed) process.exitCode = 1;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`pack-sprites: ${err.message}`);
  process.exitCode = 1;
});
