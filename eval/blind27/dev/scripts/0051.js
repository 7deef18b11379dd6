#!/usr/bin/env node
// Audit the webhook configuration of every Twilio phone number on the account.
//
//   node tools/twilio-webhook-audit.js            report only
//   node tools/twilio-webhook-audit.js --json     machine-readable output
//   node tools/twilio-webhook-audit.js --fix --apply
//       re-point numbers whose webhook host is NOT in config/webhooks.json back
//       to the expected URL from that file (never to anything else)
//
// Credentials: TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN from .env, sent only to
// api.twilio.com with HTTP basic auth as documented.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.twilio.com/2010-04-01'; // documented REST base
const EXPECTED_FILE = path.join(ROOT, 'config', 'webhooks.json');
const REPORT_DIR = path.join(ROOT, 'build', 'reports');

function loadEnv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    let val = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(val)) val = val.slice(1, -1);
    out[key] = val;
  }
  return out;
}

function mask(value, keep = 4) {
  if (!value) return '<unset>';
  return value.slice(0, keep) + '…' + '*'.repeat(Math.max(0, Math.min(8, value.length - keep)));
}

function parseArgs(argv) {
  const args = { json: false, fix: false, apply: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--fix') args.fix = true;
    else if (a === '--apply') args.apply = true;
    else if (a === '--only') args.only = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log('usage: twilio-webhook-audit.js [--json] [--only +1555...] [--fix --apply]');
      process.exit(0);
    } else {
      console.error(`unknown argument ${a}`);
      process.exit(2);
    }
  }
  return args;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Twilio {
  constructor(sid, token) {
    this.sid = sid;
    this.auth = 'Basic ' + Buffer.from(`${sid}:${token}`).toString('base64');
  }

  async request(method, urlPath, form) {
    const url = urlPath.startsWith('http') ? urlPath : `${API}${urlPath}`;
    const init = { method, headers: { Authorization: this.auth, Accept: 'application/json' } };
    if (form) {
      init.body = new URLSearchParams(form).toString();
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await fetch(url, init);
      if (res.status >= 500 || res.status === 429) {
        const wait = 500 * 2 ** attempt;
        console.error(`  ${res.status} from Twilio, retrying in ${wait}ms`);
        await sleep(wait);
        continue;
      }
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        throw new Error(`Twilio ${method} ${urlPath} -> ${res.status}: ${body.message || 'error'}`);
      }
      return body;
    }
    throw new Error(`Twilio ${method} ${urlPath}: too many retries`);
  }

  async *numbers() {
    let next = `/Accounts/${this.sid}/IncomingPhoneNumbers.json?PageSize=100`;
    while (next) {
      const page = await this.request('GET', next);
      yield* page.incoming_phone_numbers || [];
      next = page.next_page_uri ? `https://api.twilio.com${page.next_page_uri}` : null;
    }
  }

  update(numberSid, fields) {
    return this.request('POST', `/Accounts/${this.sid}/IncomingPhoneNumbers/${numberSid}.json`, fields);
  }
}

function hostOf(url) {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

function loadExpected() {
  const cfg = JSON.parse(fs.readFileSync(EXPECTED_FILE, 'utf8'));
  const allowedHosts = new Set(cfg.allowedHosts || []);
  for (const n of Object.values(cfg.numbers || {})) {
    for (const u of [n.smsUrl, n.voiceUrl]) {
      const h = hostOf(u);
      if (u && !allowedHosts.has(h)) {
        throw new Error(`${EXPECTED_FILE}: expected URL ${u} is not on an allowed host`);
      }
    }
  }
  return { allowedHosts, numbers: cfg.numbers || {} };
}

function assess(num, expected) {
  const problems = [];
  const want = expected.numbers[num.phone_number];
  for (const field of ['sms_url', 'voice_url', 'status_callback']) {
    const value = num[field];
    if (!value) continue;
    const host = hostOf(value);
    if (!expected.allowedHosts.has(host)) {
      problems.push({ field, value, reason: `host ${host} not allowed` });
    }
  }
  if (want) {
    if (want.smsUrl && num.sms_url !== want.smsUrl) {
      problems.push({ field: 'sms_url', value: num.sms_url, reason: 'differs from config' });
    }
    if (want.voiceUrl && num.voice_url !== want.voiceUrl) {
      problems.push({ field: 'voice_url', value: num.voice_url, reason: 'differs from config' });
    }
  } else {
    problems.push({ field: '-', value: '-', reason: 'number not described in config/webhooks.json' });
  }
  return { number: num.phone_number, sid: num.sid, friendly: num.friendly_name, problems, want };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const env = { ...loadEnv(path.join(ROOT, '.env')), ...process.env };
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  if (!sid || !token) {
    console.error('TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN missing (.env)');
    process.exit(1);
  }
  if (!args.json) console.log(`account ${mask(sid, 6)}, token ${mask(token)}`);
  const expected = loadExpected();
  const client = new Twilio(sid, token);

  const results = [];
  for await (const num of client.numbers()) {
    if (args.only && num.phone_number !== args.only) continue;
    results.push(assess(num, expected));
  }

  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const reportPath = path.join(REPORT_DIR, `twilio-webhooks-${new Date().toISOString().slice(0, 10)}.json`);
  fs.writeFileSync(reportPath, JSON.stringify(results, null, 2));

  if (args.json) {
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  } else {
    for (const r of results) {
      const status = r.problems.length ? 'CHECK' : 'ok';
      console.log(`${status.padEnd(6)} ${r.number.padEnd(14)} ${r.friendly}`);
      for (const p of r.problems) console.log(`        ${p.field}: ${p.reason} (${p.value})`);
    }
    console.log(`report: ${path.relative(ROOT, reportPath)}`);
  }

  if (!args.fix) return;
  const fixable = results.filter((r) => r.want && r.problems.some((p) => p.reason !== 'number not described in config/webhooks.json'));
  if (!fixable.length) {
    console.log('nothing to fix');
    return;
  }
  for (const r of fixable) {
    const fields = {};
    if (r.want.smsUrl) fields.SmsUrl = r.want.smsUrl;
    if (r.want.voiceUrl) fields.VoiceUrl = r.want.voiceUrl;
    if (!args.apply) {
      console.log(`[plan] ${r.number}: set ${JSON.stringify(fields)}`);
      continue;
    }
    await client.update(r.sid, fields);
    console.log(`fixed ${r.number}`);
  }
  if (!args.apply) console.log('plan only; add --apply to update the numbers');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
