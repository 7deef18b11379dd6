#!/usr/bin/env node
// Download call recordings of the support line for QA review (metadata + audio).
//
//   node tools/recordings.js --since 2026-11-01 [--limit 200] [--delete-after-download --apply]
//
// Credentials from .env (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN), sent only to
// api.twilio.com. Audio goes to qa/recordings/<date>/ inside the project (the
// folder is git-ignored and encrypted at rest by the QA laptop policy). Caller
// numbers are masked in the index. Deleting recordings from Twilio after a
// verified download is opt-in and needs both flags (retention policy: 30 days).
'use strict';

const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const crypto = require('crypto');
const { pipeline } = require('stream/promises');
const { Readable } = require('stream');

const ROOT = path.resolve(__dirname, '..');
const QA_DIR = path.join(ROOT, 'qa', 'recordings');
const API = 'https://api.twilio.com/2010-04-01';

function readEnv() {
  const out = { ...process.env };
  const p = path.join(ROOT, '.env');
  if (fs.existsSync(p)) {
    for (const line of fs.readFileSync(p, 'utf8').split(/\r?\n/)) {
      const m = /^\s*(TWILIO_[A-Z_]+)\s*=\s*(.+?)\s*$/.exec(line);
      if (m && !out[m[1]]) out[m[1]] = m[2];
    }
  }
  if (!out.TWILIO_ACCOUNT_SID || !out.TWILIO_AUTH_TOKEN) throw new Error('Twilio credentials missing in .env');
  return out;
}

function args() {
  const a = process.argv.slice(2);
  const val = (k, d) => (a.includes(k) ? a[a.indexOf(k) + 1] : d);
  return {
    since: val('--since', new Date(Date.now() - 7 * 86400000).toISOString().slice(0, 10)),
    limit: Number(val('--limit', '200')),
    deleteAfter: a.includes('--delete-after-download'),
    apply: a.includes('--apply'),
  };
}

const maskNumber = (n) => (n ? `${n.slice(0, 3)}****${n.slice(-2)}` : '');

class TwilioRecordings {
  constructor(sid, token) {
    this.sid = sid;
    this.auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  }

  async req(method, url) {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url, { method, headers: { Authorization: this.auth } });
      if (res.status === 429 || res.status >= 500) {
        await new Promise((r) => setTimeout(r, 500 * 2 ** i));
        continue;
      }
      if (!res.ok && res.status !== 204) throw new Error(`${method} ${url} -> ${res.status}`);
      return res;
    }
    throw new Error(`${method} ${url}: retries exhausted`);
  }

  async *list(since, limit) {
    let url = `${API}/Accounts/${this.sid}/Recordings.json?PageSize=100&DateCreated>=${since}`;
    let n = 0;
    while (url && n < limit) {
      const page = await (await this.req('GET', url)).json();
      for (const r of page.recordings) {
        if (n++ >= limit) return;
        yield r;
      }
      url = page.next_page_uri ? `https://api.twilio.com${page.next_page_uri}` : null;
    }
  }

  async call(callSid) {
    return (await this.req('GET', `${API}/Accounts/${this.sid}/Calls/${callSid}.json`)).json();
  }

  async download(rec, dest) {
    const res = await this.req('GET', `${API}/Accounts/${this.sid}/Recordings/${rec.sid}.mp3`);
    const tmp = `${dest}.part`;
    await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(tmp));
    await fsp.rename(tmp, dest);
    const hash = crypto.createHash('sha256').update(await fsp.readFile(dest)).digest('hex');
    return { bytes: (await fsp.stat(dest)).size, sha256: hash };
  }

  remove(rec) {
    return this.req('DELETE', `${API}/Accounts/${this.sid}/Recordings/${rec.sid}.json`);
  }
}

function durationHistogram(index) {
  const buckets = { '<1m': 0, '1-5m': 0, '5-15m': 0, '>15m': 0 };
  for (const r of index) {
    const m = r.duration_s / 60;
    if (m < 1) buckets['<1m']++;
    else if (m < 5) buckets['1-5m']++;
    else if (m < 15) buckets['5-15m']++;
    else buckets['>15m']++;
  }
  return buckets;
}

async function localRetention(days = 30) {
  // local QA copies follow the same 30-day policy; only dated folders under qa/recordings
  if (!fs.existsSync(QA_DIR)) return 0;
  let removed = 0;
  for (const name of await fsp.readdir(QA_DIR)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(name)) continue;
    if (Date.now() - Date.parse(name) > days * 86400000) {
      await fsp.rm(path.join(QA_DIR, name), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

function sampleForReview(index, n = 10) {
  // deterministic sample so two reviewers pick the same calls
  return [...index]
    .sort((a, b) => crypto.createHash('md5').update(a.recording).digest('hex')
      .localeCompare(crypto.createHash('md5').update(b.recording).digest('hex')))
    .slice(0, n)
    .map((r) => r.recording);
}

async function main() {
  const opts = args();
  const expired = await localRetention();
  if (expired) console.log(`removed ${expired} expired local QA folder(s)`);
  const env = readEnv();
  const tw = new TwilioRecordings(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN);
  const day = new Date().toISOString().slice(0, 10);
  const dir = path.join(QA_DIR, day);
  await fsp.mkdir(dir, { recursive: true });

  const index = [];
  for await (const rec of tw.list(opts.since, opts.limit)) {
    const dest = path.join(dir, `${rec.sid}.mp3`);
    let info = { bytes: 0, sha256: '' };
    if (!fs.existsSync(dest)) info = await tw.download(rec, dest);
    const call = await tw.call(rec.call_sid).catch(() => ({}));
    index.push({
      recording: rec.sid,
      call: rec.call_sid,
      created: rec.date_created,
      duration_s: Number(rec.duration),
      from: maskNumber(call.from),
      to: maskNumber(call.to),
      file: path.relative(ROOT, dest),
      sha256: info.sha256,
    });
    console.log(`${rec.sid}  ${String(rec.duration).padStart(5)}s  ${maskNumber(call.from)}`);
  }
  await fsp.writeFile(path.join(dir, 'index.json'), JSON.stringify(index, null, 2));
  const total = index.reduce((n, r) => n + r.duration_s, 0);
  console.log(`${index.length} recording(s), ${(total / 60).toFixed(1)} min -> ${path.relative(ROOT, dir)}`);
  console.log('durations:', durationHistogram(index));
  await fsp.writeFile(path.join(dir, 'review-sample.txt'), sampleForReview(index).join('\n') + '\n');

  if (!opts.deleteAfter) return;
  const verified = index.filter((r) => r.sha256 && fs.existsSync(path.join(ROOT, r.file)));
  if (!opts.apply) {
    console.log(`[plan] would delete ${verified.length} recording(s) from Twilio after verified download; add --apply`);
    return;
  }
  for (const r of verified) {
    await tw.remove({ sid: r.recording });
    console.log(`deleted ${r.recording} from Twilio (local copy kept)`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
