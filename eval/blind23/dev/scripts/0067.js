#!/usr/bin/env node
// log-summary.js - stream the API's JSON logs, aggregate errors and slow
// requests, and optionally post a summary to the team's Slack channel through
// the incoming webhook configured for this project.
//
//   node tools/log-summary.js                    # last 24h, print
//   node tools/log-summary.js --hours 4 --slow 750
//   node tools/log-summary.js --post             # also send to Slack
//
// The webhook URL is a secret (it embeds a token); it is read from
// SLACK_WEBHOOK_URL or the project's .env, must point at hooks.slack.com, and is
// never printed.  Logs are read line by line so multi-GB files are fine.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const LOG_DIR = path.join(ROOT, 'logs');
const OUT = path.join(ROOT, 'build', 'log-summary.md');

function parseArgs(argv) {
  const o = { hours: 24, slowMs: 1000, top: 10, post: false, includeGz: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--hours') o.hours = Number(argv[++i]);
    else if (a === '--slow') o.slowMs = Number(argv[++i]);
    else if (a === '--top') o.top = Number(argv[++i]);
    else if (a === '--post') o.post = true;
    else if (a === '--gz') o.includeGz = true;
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

function readDotenv() {
  const file = path.join(ROOT, '.env');
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/.exec(line);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

function webhookUrl() {
  const url = process.env.SLACK_WEBHOOK_URL || readDotenv().SLACK_WEBHOOK_URL;
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.hostname !== 'hooks.slack.com') {
    throw new Error('SLACK_WEBHOOK_URL must be an https://hooks.slack.com/... URL');
  }
  return parsed;
}

function logFiles(includeGz) {
  if (!fs.existsSync(LOG_DIR)) return [];
  return fs
    .readdirSync(LOG_DIR)
    .filter((f) => f.endsWith('.jsonl') || (includeGz && f.endsWith('.jsonl.gz')))
    .map((f) => path.join(LOG_DIR, f))
    .sort();
}

function openStream(file) {
  const raw = fs.createReadStream(file);
  return file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
}

function normalise(msg) {
  return String(msg)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b\d{3,}\b/g, '<n>')
    .replace(/"[^"]{24,}"/g, '"<str>"')
    .slice(0, 160);
}

async function aggregate(files, sinceMs, slowMs) {
  const errors = new Map();
  const slow = new Map();
  const status = new Map();
  let lines = 0;
  let skipped = 0;
  for (const file of files) {
    const rl = readline.createInterface({ input: openStream(file), crlfDelay: Infinity });
    for await (const line of rl) {
      lines++;
      if (!line.startsWith('{')) continue;
      let rec;
      try {
        rec = JSON.parse(line);
      } catch {
        skipped++;
        continue;
      }
      const ts = Date.parse(rec.time || rec.ts || '');
      if (Number.isFinite(ts) && ts < sinceMs) continue;
      if (rec.status) status.set(rec.status, (status.get(rec.status) || 0) + 1);
      if (rec.level === 'error' || rec.level === 'fatal') {
        const key = normalise(rec.msg || rec.err?.message || 'unknown');
        errors.set(key, (errors.get(key) || 0) + 1);
      }
      if (typeof rec.responseTime === 'number' && rec.responseTime >= slowMs && rec.url) {
        const route = `${rec.method || 'GET'} ${String(rec.url).split('?')[0].replace(/\/\d+/g, '/:id')}`;
        const cur = slow.get(route) || { count: 0, max: 0 };
        cur.count++;
        cur.max = Math.max(cur.max, rec.responseTime);
        slow.set(route, cur);
      }
    }
  }
  return { errors, slow, status, lines, skipped };
}

function render(agg, opts) {
  const topErrors = [...agg.errors].sort((a, b) => b[1] - a[1]).slice(0, opts.top);
  const topSlow = [...agg.slow].sort((a, b) => b[1].count - a[1].count).slice(0, opts.top);
  const s5xx = [...agg.status].filter(([k]) => k >= 500).reduce((n, [, v]) => n + v, 0);
  const out = [`*API log summary* (last ${opts.hours}h, ${agg.lines.toLocaleString()} lines, ${s5xx} 5xx)`];
  out.push('', '*Top errors*');
  out.push(...(topErrors.length ? topErrors.map(([m, n]) => `• ${n}× \`${m}\``) : ['• none']));
  out.push('', `*Slow routes* (>= ${opts.slowMs} ms)`);
  out.push(...(topSlow.length ? topSlow.map(([r, v]) => `• ${r}: ${v.count}× (max ${v.max} ms)`) : ['• none']));
  if (agg.skipped) out.push('', `_${agg.skipped} unparsable line(s) skipped_`);
  return out.join('\n');
}

async function post(url, text) {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      if (res.ok) return true;
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after') || 2 ** attempt);
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      console.error(`Slack returned ${res.status}`);
      return false;
    } catch (err) {
      console.error(`network error: ${err.message} (attempt ${attempt})`);
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
    }
  }
  return false;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const files = logFiles(opts.includeGz);
  if (!files.length) {
    console.log('no log files in logs/');
    return 0;
  }
  const agg = await aggregate(files, Date.now() - opts.hours * 3600e3, opts.slowMs);
  const text = render(agg, opts);
  console.log(text);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text + '\n');
  if (opts.post) {
    const url = webhookUrl();
    if (!url) {
      console.error('SLACK_WEBHOOK_URL not configured; not posting');
      return 1;
    }
    const ok = await post(url, text);
    console.log(ok ? 'posted to Slack' : 'posting failed');
    return ok ? 0 : 1;
  }
  return 0;
}

main().then((c) => { process.exitCode = c; }, (err) => {
  console.error(err.message);
  process.exitCode = 2;
});
