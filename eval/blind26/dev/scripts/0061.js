#!/usr/bin/env node
// tools/transcribe.js - whisper.cpp batch transcription for the oral-history
// project.
//
//   node tools/transcribe.js interviews/            # everything new
//   node tools/transcribe.js interviews/a.flac -m small
//
// Model weights (ggml-*.bin) are downloaded from huggingface.co into
// ~/.cache/oral-history/models, verified against models.lock.json (sha256)
// and renamed into place only after the hash matches. The weights are data
// for whisper-cli -m; nothing downloaded is executed. Conversions run in a
// temp dir that is removed on exit; whisper-cli children are killed on Ctrl-C.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const https = require('node:https');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, 'models.lock.json'), 'utf8'));
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'oral-history', 'models');
const HF = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
const WHISPER = process.env.WHISPER_CLI || path.join(ROOT, 'vendor', 'whisper.cpp', 'build', 'bin', 'whisper-cli');
const OUT = path.join(ROOT, 'transcripts');
const AUDIO = new Set(['.wav', '.flac', '.mp3', '.m4a', '.ogg', '.opus']);

const children = new Set();
let tmpDir = null;

function cleanup() {
  for (const c of children) c.kill('SIGTERM');
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function parseArgs() {
  const a = process.argv.slice(2);
  const o = { inputs: [], model: 'base.en', lang: 'en', jobs: Math.max(1, Math.floor(os.cpus().length / 4)) };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '-m') o.model = a[++i];
    else if (a[i] === '-l') o.lang = a[++i];
    else if (a[i] === '-j') o.jobs = Number(a[++i]);
    else o.inputs.push(a[i]);
  }
  if (!o.inputs.length) o.inputs.push('interviews');
  return o;
}

function download(url, dest, redirects = 0) {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { headers: { 'User-Agent': 'oral-history-tools' } }, (res) => {
      if ([301, 302, 307, 308].includes(res.statusCode) && res.headers.location) {
        res.resume();
        if (redirects > 5) return reject(new Error('too many redirects'));
        const next = new URL(res.headers.location, url);
        if (!next.hostname.endsWith('huggingface.co') && !next.hostname.endsWith('hf.co')) {
          return reject(new Error(`unexpected redirect host ${next.hostname}`));
        }
        return resolve(download(next.toString(), dest, redirects + 1));
      }
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`GET ${url}: ${res.statusCode}`));
      }
      const total = Number(res.headers['content-length'] || 0);
      let got = 0;
      const hash = crypto.createHash('sha256');
      const out = fs.createWriteStream(dest);
      res.on('data', (chunk) => {
        got += chunk.length;
        hash.update(chunk);
        if (total) process.stderr.write(`\r  ${((got / total) * 100).toFixed(0)}%`);
      });
      res.pipe(out);
      out.on('finish', () => {
        process.stderr.write('\n');
        resolve(hash.digest('hex'));
      });
      out.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function fileSha256(file) {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

async function ensureModel(name) {
  const pin = LOCK[name];
  if (!pin) throw new Error(`model ${name} is not pinned in models.lock.json`);
  await fsp.mkdir(CACHE, { recursive: true });
  const target = path.join(CACHE, `ggml-${name}.bin`);
  if (fs.existsSync(target) && (await fileSha256(target)) === pin.sha256) return target;
  const part = `${target}.part`;
  console.error(`downloading ggml-${name}.bin`);
  const digest = await download(`${HF}/ggml-${name}.bin`, part);
  if (digest !== pin.sha256) {
    await fsp.rm(part, { force: true });
    throw new Error(`sha256 mismatch for ${name}: got ${digest}`);
  }
  await fsp.rename(part, target);
  return target;
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    children.add(child);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited ${code}: ${stderr.slice(-300)}`));
    });
  });
}

async function collect(inputs) {
  const files = [];
  for (const input of inputs) {
    const p = path.resolve(ROOT, input);
    const st = await fsp.stat(p);
    if (st.isDirectory()) {
      for (const entry of await fsp.readdir(p, { recursive: true })) {
        if (AUDIO.has(path.extname(entry).toLowerCase())) files.push(path.join(p, entry));
      }
    } else if (AUDIO.has(path.extname(p).toLowerCase())) {
      files.push(p);
    }
  }
  return files.sort();
}

async function transcribe(file, model, lang) {
  const rel = path.relative(ROOT, file);
  const base = path.join(OUT, rel.replace(/\.[^.]+$/, ''));
  if (fs.existsSync(`${base}.vtt`)) return 'skipped';
  await fsp.mkdir(path.dirname(base), { recursive: true });
  const wav = path.join(tmpDir, `${crypto.randomUUID()}.wav`);
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', file, '-ar', '16000', '-ac', '1', wav]);
  await run(WHISPER, ['-m', model, '-f', wav, '-l', lang, '-ovtt', '-otxt', '-of', base]);
  await fsp.rm(wav, { force: true });
  return 'done';
}

async function pool(items, size, worker) {
  const results = [];
  let i = 0;
  const runners = Array.from({ length: size }, async () => {
    while (i < items.length) {
      const idx = i++;
      try {
        results[idx] = { item: items[idx], status: await worker(items[idx]) };
      } catch (err) {
        results[idx] = { item: items[idx], status: 'failed', error: err.message };
      }
      console.log(`[${idx + 1}/${items.length}] ${results[idx].status} ${path.relative(ROOT, items[idx])}`);
    }
  });
  await Promise.all(runners);
  return results;
}

async function main() {
  const opts = parseArgs();
  if (!fs.existsSync(WHISPER)) throw new Error(`whisper-cli not found at ${WHISPER}`);
  const model = await ensureModel(opts.model);
  tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oral-history-'));
  const files = await collect(opts.inputs);
  console.log(`${files.length} recording(s), model ${opts.model}, ${opts.jobs} job(s)`);
  const results = await pool(files, opts.jobs, (f) => transcribe(f, model, opts.lang));
  const failed = results.filter((r) => r.status === 'failed');
  for (const f of failed) console.error(`failed: ${path.relative(ROOT, f.item)}: ${f.error}`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`transcribe: ${err.message}`);
  process.exitCode = 1;
});
