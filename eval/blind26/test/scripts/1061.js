#!/usr/bin/env node
// tools/narrate.js - synthesize narration for the installation guide videos
// with piper (local neural TTS).
//
// Usage
//   node tools/narrate.js                     # all scripts in narration/*.txt
//   node tools/narrate.js intro outro         # selected scripts
//   node tools/narrate.js --voice en_GB-alba-medium
//
// Voices
//   The .onnx model and its .onnx.json config are downloaded once from the
//   rhasspy/piper-voices repository on huggingface.co into
//   ~/.cache/install-guide/voices and verified against voices.lock.json
//   (sha256). They are model weights read by piper; nothing downloaded is
//   executed. Partial downloads use a .part name and are renamed when the hash
//   matches.
//
// Output
//   build/narration/<script>.wav, one sentence per line of input, with a
//   short pause between paragraphs, plus a manifest with durations.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');
const SCRIPTS = path.join(ROOT, 'narration');
const OUT = path.join(ROOT, 'build', 'narration');
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, 'voices.lock.json'), 'utf8'));
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'install-guide', 'voices');
const HF_BASE = 'https://huggingface.co/rhasspy/piper-voices/resolve';

function parseArgs() {
  const argv = process.argv.slice(2);
  const opts = { voice: LOCK.default, names: [], lengthScale: 1.0 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--voice') opts.voice = argv[++i];
    else if (argv[i] === '--slower') opts.lengthScale = 1.15;
    else opts.names.push(argv[i]);
  }
  if (!LOCK.voices[opts.voice]) throw new Error(`voice ${opts.voice} is not pinned in voices.lock.json`);
  return opts;
}

async function sha256(file) {
  const hash = crypto.createHash('sha256');
  const stream = fs.createReadStream(file, { highWaterMark: 4 * 1024 * 1024 });
  for await (const block of stream) {
    hash.update(block);
  }
  return hash.digest('hex');
}

async function pruneVoices(keepVoice) {
  // voices that are no longer pinned are removed from this tool's cache dir only
  if (!fs.existsSync(CACHE)) return;
  const pinned = new Set(Object.keys(LOCK.voices));
  for (const name of await fsp.readdir(CACHE)) {
    const voice = name.replace(/\.onnx(\.json)?(\.part)?$/, '');
    if (voice !== keepVoice && !pinned.has(voice)) {
      await fsp.rm(path.join(CACHE, name), { force: true });
      console.log(`removed unpinned voice file ${name}`);
    }
  }
}

async function download(url, dest, expected) {
  const res = await fetch(url, { redirect: 'follow' });
  const finalHost = new URL(res.url).hostname;
  if (!finalHost.endsWith('huggingface.co') && !finalHost.endsWith('hf.co')) {
    throw new Error(`download redirected to unexpected host ${finalHost}`);
  }
  if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status}`);
  const part = `${dest}.part`;
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(part));
  const got = await sha256(part);
  if (got !== expected) {
    await fsp.rm(part, { force: true });
    throw new Error(`checksum mismatch for ${path.basename(dest)}`);
  }
  await fsp.rename(part, dest);
}

async function ensureVoice(voice) {
  const pin = LOCK.voices[voice];
  await fsp.mkdir(CACHE, { recursive: true });
  const files = [
    [`${voice}.onnx`, pin.onnx_sha256],
    [`${voice}.onnx.json`, pin.json_sha256],
  ];
  for (const [name, hash] of files) {
    const dest = path.join(CACHE, name);
    if (fs.existsSync(dest) && (await sha256(dest)) === hash) continue;
    const url = `${HF_BASE}/${pin.revision}/${pin.path}/${name}`;
    console.log(`downloading ${name}`);
    await download(url, dest, hash);
  }
  return path.join(CACHE, `${voice}.onnx`);
}

function paragraphs(text) {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function piper(model, text, outFile, lengthScale) {
  return new Promise((resolve, reject) => {
    const child = spawn('piper', ['--model', model, '--output_file', outFile, '--length_scale', String(lengthScale), '--sentence_silence', '0.35'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`piper exited ${code}: ${err.slice(-200)}`))));
    child.stdin.end(text);
  });
}

function sox(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('sox', args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`sox exited ${code}`))));
  });
}

async function narrate(name, model, opts, tmp) {
  const text = await fsp.readFile(path.join(SCRIPTS, `${name}.txt`), 'utf8');
  const parts = [];
  const paras = paragraphs(text);
  for (let i = 0; i < paras.length; i++) {
    const clip = path.join(tmp, `${name}-${String(i).padStart(3, '0')}.wav`);
    await piper(model, paras[i], clip, opts.lengthScale);
    parts.push(clip);
  }
  const out = path.join(OUT, `${name}.wav`);
  // 0.6 s of silence between paragraphs, loudness normalised to -1 dBFS peak
  const padded = [];
  for (const p of parts) {
    const withPad = p.replace(/\.wav$/, '.pad.wav');
    await sox([p, withPad, 'pad', '0', '0.6']);
    padded.push(withPad);
  }
  await sox([...padded, out, 'norm', '-1']);
  return { name, paragraphs: paras.length, file: path.relative(ROOT, out) };
}

async function main() {
  const opts = parseArgs();
  const model = await ensureVoice(opts.voice);
  await pruneVoices(opts.voice);
  const names = opts.names.length
    ? opts.names
    : (await fsp.readdir(SCRIPTS)).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
  await fsp.mkdir(OUT, { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'narrate-'));
  const manifest = [];
  try {
    for (const name of names) {
      const r = await narrate(name, model, opts, tmp);
      manifest.push(r);
      console.log(`${r.name}: ${r.paragraphs} paragraph(s) -> ${r.file}`);
    }
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  await fsp.writeFile(path.join(OUT, 'manifest.json'), JSON.stringify({ voice: opts.voice, items: manifest }, null, 2));
}

main().catch((err) => {
  console.error(`narrate: ${err.message}`);
  process.exitCode = 1;
});
