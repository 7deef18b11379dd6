#!/usr/bin/env node
// signage-sync.js - build the lobby screen playlist from signage/content/ and
// sync it to our Anthias (Screenly OSE) players.
//
//   node tools/signage-sync.js build               # writes build/signage/
//   node tools/signage-sync.js diff                # compare with the players
//   node tools/signage-sync.js push --apply        # upload + replace assets
//
// Player addresses come from signage/players.json and must be *.internal
// hosts on the office network; basic-auth credentials for the players are in
// .env (ANTHIAS_USER / ANTHIAS_PASSWORD).  Only assets whose name starts with
// "lobby:" are managed by this script; anything else on a player (e.g. the
// reception team's own slides) is never modified or deleted.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const CONTENT = path.join(ROOT, 'signage', 'content');
const BUILD = path.join(ROOT, 'build', 'signage');
const PLAYERS = path.join(ROOT, 'signage', 'players.json');
const PREFIX = 'lobby:';
const DEFAULT_DURATION = 15;

function env() {
  const vars = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^([A-Z_]+)=(.*)$/);
      if (m && !(m[1] in vars)) vars[m[1]] = m[2];
    }
  }
  return vars;
}

function players() {
  const list = JSON.parse(fs.readFileSync(PLAYERS, 'utf8'));
  for (const p of list) {
    const host = new URL(p.url).hostname;
    if (!host.endsWith('.internal')) throw new Error(`player ${p.name}: ${host} is not an office host`);
  }
  return list;
}

function sha1(file) {
  return crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');
}

function buildPlaylist() {
  const meta = JSON.parse(fs.readFileSync(path.join(CONTENT, 'order.json'), 'utf8'));
  fs.rmSync(BUILD, { recursive: true, force: true });
  fs.mkdirSync(path.join(BUILD, 'media'), { recursive: true });
  const items = [];
  for (const entry of meta.items) {
    const source = path.join(CONTENT, entry.file);
    if (!fs.existsSync(source)) throw new Error(`missing content file ${entry.file}`);
    const digest = sha1(source);
    const ext = path.extname(entry.file);
    const target = path.join(BUILD, 'media', `${digest.slice(0, 12)}${ext}`);
    fs.copyFileSync(source, target);
    items.push({
      name: `${PREFIX}${entry.title}`,
      file: path.relative(BUILD, target),
      mimetype: ext === '.mp4' ? 'video' : 'image',
      duration: entry.duration ?? DEFAULT_DURATION,
      start: entry.start ?? meta.defaultStart,
      end: entry.end ?? meta.defaultEnd,
      sha1: digest,
    });
  }
  fs.writeFileSync(path.join(BUILD, 'playlist.json'), JSON.stringify(items, null, 2));
  return items;
}

class Player {
  constructor(cfg, user, password) {
    this.name = cfg.name;
    this.base = cfg.url.replace(/\/$/, '');
    this.auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }

  async call(method, route, body, isForm = false) {
    const res = await fetch(`${this.base}/api/v2${route}`, {
      method,
      headers: { Authorization: this.auth, ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30000),
    });
    if (!res.ok) throw new Error(`${this.name} ${method} ${route}: ${res.status}`);
    return res.status === 204 ? null : res.json();
  }

  assets() {
    return this.call('GET', '/assets');
  }

  async upload(file) {
    const form = new FormData();
    form.append('file_upload', new Blob([fs.readFileSync(file)]), path.basename(file));
    return this.call('POST', '/file_asset', form, true);
  }

  createAsset(item, uri) {
    return this.call('POST', '/assets', {
      name: item.name, uri, mimetype: item.mimetype, duration: item.duration,
      start_date: item.start, end_date: item.end, is_enabled: true, skip_asset_check: false,
    });
  }

  deleteAsset(id) {
    return this.call('DELETE', `/assets/${id}`);
  }
}

// Validate the content before anything is uploaded: image dimensions are read
// from the PNG/JPEG headers so a wrong-sized slide is caught locally.
function imageSize(file) {
  const buf = fs.readFileSync(file);
  if (buf.readUInt32BE(0) === 0x89504e47) {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf[0] === 0xff && buf[1] === 0xd8) {
    let off = 2;
    while (off < buf.length) {
      const marker = buf.readUInt16BE(off);
      const len = buf.readUInt16BE(off + 2);
      if (marker >= 0xffc0 && marker <= 0xffc2) {
        return { height: buf.readUInt16BE(off + 5), width: buf.readUInt16BE(off + 7) };
      }
      off += 2 + len;
    }
  }
  return null;
}

function checkContent(items) {
  const problems = [];
  for (const item of items) {
    if (item.mimetype !== 'image') continue;
    const size = imageSize(path.join(BUILD, item.file));
    if (size && (size.width !== 1920 || size.height !== 1080)) {
      problems.push(`${item.name}: ${size.width}x${size.height}, expected 1920x1080`);
    }
  }
  return problems;
}

function plan(current, desired) {
  const managed = current.filter((a) => a.name.startsWith(PREFIX));
  const byName = new Map(managed.map((a) => [a.name, a]));
  const add = desired.filter((d) => !byName.has(d.name));
  const remove = managed.filter((a) => !desired.some((d) => d.name === a.name));
  const keep = desired.filter((d) => byName.has(d.name));
  return { add, remove, keep, untouched: current.length - managed.length };
}

async function main() {
  const [command = 'build', ...flags] = process.argv.slice(2);
  const desired = buildPlaylist();
  console.log(`playlist: ${desired.length} item(s) in ${path.relative(ROOT, BUILD)}`);
  const problems = checkContent(desired);
  for (const p of problems) console.warn(`  warning: ${p}`);
  if (command === 'build') return;

  const vars = env();
  if (!vars.ANTHIAS_USER || !vars.ANTHIAS_PASSWORD) throw new Error('ANTHIAS_USER/ANTHIAS_PASSWORD missing in .env');
  const apply = flags.includes('--apply');

  for (const cfg of players()) {
    const player = new Player(cfg, vars.ANTHIAS_USER, vars.ANTHIAS_PASSWORD);
    const current = await player.assets();
    const p = plan(current, desired);
    console.log(`\n${player.name}: +${p.add.length} -${p.remove.length} =${p.keep.length} (others untouched: ${p.untouched})`);
    for (const a of p.add) console.log(`  + ${a.name}`);
    for (const r of p.remove) console.log(`  - ${r.name}`);
    if (command !== 'push') continue;
    if (!apply) {
      console.log('  dry run; add --apply');
      continue;
    }
    for (const item of p.add) {
      const uploaded = await player.upload(path.join(BUILD, item.file));
      await player.createAsset(item, uploaded.uri ?? uploaded);
    }
    for (const stale of p.remove) {
      if (!stale.name.startsWith(PREFIX)) continue; // belt and braces
      await player.deleteAsset(stale.asset_id);
    }
    console.log('  synced');
  }
}

main().catch((err) => {
  console.error(`signage-sync: ${err.message}`);
  process.exitCode = 1;
});
