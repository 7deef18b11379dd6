#!/usr/bin/env node
// offline-conversions.js - validate and upload offline conversions (store
// visits, phone orders) to Google Ads.
//
//   node tools/offline-conversions.js data/conversions/2024-05-06.csv            # validateOnly
//   node tools/offline-conversions.js data/conversions/2024-05-06.csv --upload   # real upload
//
// Without --upload the request is sent with validateOnly: true, so Google
// checks every row without recording anything.  The customer id and the
// conversion action must match config/ads-conversions.json.  OAuth refresh
// credentials and the developer token come from .env and are sent to Google's
// documented OAuth and Ads API hosts only.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const ADS = 'https://googleads.googleapis.com/v17';
const OAUTH = 'https://oauth2.googleapis.com/token';
const CFG = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'ads-conversions.json'), 'utf8'));
const BATCH = 1000;

function env() {
  const values = { ...process.env };
  const file = path.join(REPO, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^(GOOGLE_ADS_[A-Z_]+)=(.*)$/);
      if (m && !values[m[1]]) values[m[1]] = m[2].trim();
    }
  }
  for (const k of ['GOOGLE_ADS_CLIENT_ID', 'GOOGLE_ADS_CLIENT_SECRET', 'GOOGLE_ADS_REFRESH_TOKEN', 'GOOGLE_ADS_DEVELOPER_TOKEN']) {
    if (!values[k]) throw new Error(`${k} missing in .env`);
  }
  return values;
}

async function accessToken(e) {
  const res = await fetch(OAUTH, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: e.GOOGLE_ADS_CLIENT_ID,
      client_secret: e.GOOGLE_ADS_CLIENT_SECRET,
      refresh_token: e.GOOGLE_ADS_REFRESH_TOKEN,
    }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`oauth: ${body.error_description ?? res.status}`);
  return body.access_token;
}

function parseCsv(file) {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cols = head.split(',');
  return lines.map((l, i) => {
    const cells = l.split(',');
    const row = Object.fromEntries(cols.map((c, j) => [c.trim(), (cells[j] ?? '').trim()]));
    row.line = i + 2;
    return row;
  });
}

function validateRow(row) {
  const errors = [];
  if (!row.gclid || !/^[A-Za-z0-9_-]{20,}$/.test(row.gclid)) errors.push('gclid missing or malformed');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(row.conversion_time ?? '')) {
    errors.push('conversion_time must be "yyyy-mm-dd hh:mm:ss+hh:mm"');
  }
  const value = Number(row.value);
  if (!Number.isFinite(value) || value < 0 || value > CFG.maxValue) errors.push(`value out of range (0..${CFG.maxValue})`);
  if (row.currency && row.currency !== CFG.currency) errors.push(`currency ${row.currency} != ${CFG.currency}`);
  return errors;
}

function toConversion(row) {
  return {
    gclid: row.gclid,
    conversionAction: `customers/${CFG.customerId}/conversionActions/${CFG.conversionActionId}`,
    conversionDateTime: row.conversion_time,
    conversionValue: Number(row.value),
    currencyCode: CFG.currency,
    orderId: row.order_id || undefined,
  };
}

async function upload(token, e, conversions, validateOnly) {
  const url = `${ADS}/customers/${CFG.customerId}:uploadClickConversions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'developer-token': e.GOOGLE_ADS_DEVELOPER_TOKEN,
      'login-customer-id': CFG.managerId,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ conversions, partialFailure: true, validateOnly }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload ${res.status}: ${JSON.stringify(body.error ?? body).slice(0, 400)}`);
  return body;
}

function partialFailures(body) {
  const details = body.partialFailureError?.details ?? [];
  const out = [];
  for (const d of details) {
    for (const err of d.errors ?? []) {
      const idx = err.location?.fieldPathElements?.find((f) => f.fieldName === 'conversions')?.index;
      out.push({ index: idx, message: err.message });
    }
  }
  return out;
}

const HELP = `offline-conversions.js <csv> [--upload]

CSV columns (header required)
  gclid             Google click id captured by the landing page
  conversion_time   "yyyy-mm-dd hh:mm:ss+hh:mm" in the account's time zone
  value             order value, 0 .. maxValue from the config
  currency          optional; must equal the configured currency
  order_id          optional; lets Google de-duplicate re-uploads

config/ads-conversions.json
  customerId, managerId      account and manager (login-customer-id)
  conversionActionId         the "Offline order" conversion action
  currency, maxValue         sanity limits for the value column

Without --upload every batch is sent with validateOnly=true: Google runs
all checks (unknown gclid, too old, wrong action) but records nothing.`;

/** Duplicate order ids inside one file would be counted twice. */
function duplicateOrders(rows) {
  const seen = new Map();
  const dups = [];
  for (const r of rows) {
    if (!r.order_id) continue;
    if (seen.has(r.order_id)) dups.push(`${r.order_id} (lines ${seen.get(r.order_id)} and ${r.line})`);
    else seen.set(r.order_id, r.line);
  }
  return dups;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const file = process.argv[2];
  if (!file) throw new Error('usage: offline-conversions.js <csv> [--upload]');
  const live = process.argv.includes('--upload');
  const rows = parseCsv(path.resolve(file));
  const dups = duplicateOrders(rows);
  if (dups.length) throw new Error(`duplicate order ids: ${dups.slice(0, 5).join('; ')}`);
  const invalid = rows.map((r) => ({ r, errors: validateRow(r) })).filter((x) => x.errors.length);
  for (const { r, errors } of invalid) console.error(`line ${r.line}: ${errors.join('; ')}`);
  const good = rows.filter((r) => !validateRow(r).length);
  console.log(`${rows.length} row(s), ${good.length} valid, mode ${live ? 'UPLOAD' : 'validateOnly'}`);
  if (!good.length) return;

  const e = env();
  const token = await accessToken(e);
  let rejected = 0;
  for (let i = 0; i < good.length; i += BATCH) {
    const chunk = good.slice(i, i + BATCH);
    const body = await upload(token, e, chunk.map(toConversion), !live);
    for (const f of partialFailures(body)) {
      rejected += 1;
      console.error(`line ${chunk[f.index]?.line ?? '?'}: ${f.message}`);
    }
  }
  console.log(`${good.length - rejected} accepted${live ? '' : ' (validation only, nothing recorded)'}, ${rejected} rejected`);
  process.exitCode = rejected || invalid.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`offline-conversions: ${err.message}`);
  process.exitCode = 1;
});
