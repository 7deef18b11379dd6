#!/usr/bin/env node
// Download the ONNX models used by the in-browser search (transformers.js)
// into the project's cache directory and copy them into public/models.
//
// - files and their sha256 are pinned in models/manifest.json
// - downloads go to ~/.cache/acme-search/<repo>/<revision>/ (shared between
//   checkouts) and are verified before being copied into public/models
// - `--prune` removes cached revisions that the manifest no longer references
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');

const ROOT = path.resolve(__dirname, '..');
const MANIFEST = path.join(ROOT, 'models', 'manifest.json');
const PUBLIC_DIR = path.join(ROOT, 'public', 'models');
const CACHE_DIR = process.env.ACME_SEARCH_CACHE || path.join(os.homedir(), '.cache', 'acme-search');
const HF = 'https://huggingface.co';

function sha256File(file) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function cachePath(model, file) {
  return path.join(CACHE_DIR, model.repo.replace('/', '--'), model.revision, file.path);
}

async function download(model, file) {
  const dest = cachePath(model, file);
  if (fs.existsSync(dest) && (await sha256File(dest)) === file.sha256) {
    return { dest, cached: true };
  }
  await fsp.mkdir(path.dirname(dest), { recursive: true });
  const url = `${HF}/${model.repo}/resolve/${model.revision}/${file.path}`;
  const headers = {};
  if (process.env.HF_TOKEN) {
    headers.Authorization = `Bearer ${process.env.HF_TOKEN}`;
  }
  const res = await fetch(url, { headers, redirect: 'follow' });
  if (!res.ok || !res.body) {
    throw new Error(`GET ${url} -> ${res.status}`);
  }
  const tmp = `${dest}.${process.pid}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(tmp));
    const got = await sha256File(tmp);
    if (got !== file.sha256) {
      throw new Error(`checksum mismatch for ${model.repo}/${file.path}: ${got}`);
    }
    await fsp.rename(tmp, dest);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
  return { dest, cached: false };
}

async function install(model, file, src) {
  const target = path.join(PUBLIC_DIR, model.alias, file.path);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await fsp.copyFile(src, target);
  return target;
}

async function prune(manifest, dryRun) {
  if (!fs.existsSync(CACHE_DIR)) {
    return 0;
  }
  const keep = new Set(manifest.models.map((m) => path.join(CACHE_DIR, m.repo.replace('/', '--'), m.revision)));
  let removed = 0;
  for (const repoDir of await fsp.readdir(CACHE_DIR)) {
    if (!repoDir.includes('--')) {
      continue; // not created by this tool
    }
    const full = path.join(CACHE_DIR, repoDir);
    for (const rev of await fsp.readdir(full)) {
      const revDir = path.join(full, rev);
      if (keep.has(revDir)) {
        continue;
      }
      console.log(`${dryRun ? 'would remove' : 'removing'} ${revDir}`);
      if (!dryRun) {
        await fsp.rm(revDir, { recursive: true, force: true });
      }
      removed++;
    }
  }
  return removed;
}

async function cleanPublic(manifest) {
  // drop model folders in public/models that the manifest no longer lists
  if (!fs.existsSync(PUBLIC_DIR)) {
    return;
  }
  const aliases = new Set(manifest.models.map((m) => m.alias));
  for (const entry of await fsp.readdir(PUBLIC_DIR, { withFileTypes: true })) {
    if (entry.isDirectory() && !aliases.has(entry.name)) {
      console.log(`removing stale public/models/${entry.name}`);
      await fsp.rm(path.join(PUBLIC_DIR, entry.name), { recursive: true, force: true });
    }
  }
}

function writeIndex(manifest) {
  const index = manifest.models.map((m) => ({
    alias: m.alias,
    task: m.task,
    quantized: Boolean(m.quantized),
    files: m.files.map((f) => f.path),
  }));
  fs.writeFileSync(path.join(PUBLIC_DIR, 'index.json'), JSON.stringify(index, null, 2) + '\n');
}

async function verifyOnly(manifest) {
  // re-hash everything in the cache; used by CI before a release build
  let bad = 0;
  for (const model of manifest.models) {
    for (const file of model.files) {
      const p = cachePath(model, file);
      if (!fs.existsSync(p)) {
        console.log(`missing  ${model.alias}/${file.path}`);
        bad++;
        continue;
      }
      const got = await sha256File(p);
      if (got !== file.sha256) {
        console.log(`corrupt  ${model.alias}/${file.path}`);
        bad++;
      }
    }
  }
  return bad;
}

async function cacheSize() {
  let total = 0;
  const stack = [CACHE_DIR];
  while (stack.length) {
    const dir = stack.pop();
    if (!fs.existsSync(dir)) {
      continue;
    }
    for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        stack.push(full);
      } else {
        total += (await fsp.stat(full)).size;
      }
    }
  }
  return total;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  if (args.has('--prune')) {
    const n = await prune(manifest, args.has('--dry-run'));
    console.log(`${n} cached revision(s) ${args.has('--dry-run') ? 'would be' : ''} removed`);
    return;
  }
  if (args.has('--verify')) {
    const bad = await verifyOnly(manifest);
    console.log(bad ? `${bad} problem(s)` : 'cache verified');
    process.exitCode = bad ? 1 : 0;
    return;
  }
  if (args.has('--size')) {
    console.log(`${(await cacheSize() / 1e6).toFixed(1)} MB in ${CACHE_DIR}`);
    return;
  }
  let fetched = 0;
  let reused = 0;
  for (const model of manifest.models) {
    console.log(`${model.alias} (${model.repo}@${model.revision.slice(0, 8)})`);
    for (const file of model.files) {
      const { dest, cached } = await download(model, file);
      cached ? reused++ : fetched++;
      await install(model, file, dest);
      console.log(`  ${cached ? 'cached ' : 'fetched'} ${file.path}`);
    }
  }
  await cleanPublic(manifest);
  writeIndex(manifest);
  console.log(`done: ${fetched} downloaded, ${reused} from cache (${CACHE_DIR})`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
