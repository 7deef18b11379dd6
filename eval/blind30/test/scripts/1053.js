#!/usr/bin/env node
/*
 * odk-attachments.js - download ODK Central submissions with their media attachments
 *
 *   node tools/odk-attachments.js --project 4 --form water_point [--since 2024-06-01]
 *
 * Uses the ODK Central OData endpoint for submission data and the attachments endpoint
 * for photos/audio, with an app-user-independent session from ODK_URL / ODK_EMAIL /
 * ODK_PASSWORD (.env). Output:
 *   data/raw/odk/<form>/submissions.jsonl
 *   data/raw/odk/<form>/media/<instanceId>/<file>
 * Existing media files with the same size are skipped. The session token is deleted at
 * the end (logout), including on errors.
 */
'use strict';

const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const { pipeline } = require('stream/promises');
const { Readable } = require('stream');

const ROOT = path.resolve(__dirname, '..');

function dotenv() {
  const out = {};
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return out;
  fs.readFileSync(file, 'utf8').split(/\r?\n/).forEach((line) => {
    const m = line.match(/^(ODK_[A-Z_]+)=(.*)$/);
    if (m) out[m[1]] = m[2].trim().replace(/^"|"$/g, '');
  });
  return out;
}

const env = { ...dotenv(), ...process.env };

function parseArgs() {
  const a = process.argv.slice(2);
  const o = { project: null, form: null, since: null, concurrency: 4 };
  for (let i = 0; i < a.length; i += 1) {
    const v = a[i + 1];
    switch (a[i]) {
      case '--project': o.project = Number(v); i += 1; break;
      case '--form': o.form = v; i += 1; break;
      case '--since': o.since = v; i += 1; break;
      case '--concurrency': o.concurrency = Number(v); i += 1; break;
      default: throw new Error(`unknown option ${a[i]}`);
    }
  }
  if (!o.project || !o.form) throw new Error('--project and --form are required');
  if (!/^[A-Za-z0-9_.-]+$/.test(o.form)) throw new Error('invalid form id');
  return o;
}

class Central {
  constructor(base) {
    this.base = base.replace(/\/$/, '');
    this.token = null;
  }

  async login(email, password) {
    const res = await fetch(`${this.base}/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`login failed: HTTP ${res.status}`);
    this.token = (await res.json()).token;
  }

  async logout() {
    if (!this.token) return;
    await fetch(`${this.base}/v1/sessions/${this.token}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${this.token}` },
    }).catch(() => {});
    this.token = null;
  }

  async request(route, init = {}) {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await fetch(this.base + route, {
        ...init,
        headers: { Authorization: `Bearer ${this.token}`, ...(init.headers || {}) },
      });
      if (res.ok) return res;
      if (res.status < 500 || attempt === 3) throw new Error(`${route}: HTTP ${res.status}`);
      await new Promise((r) => setTimeout(r, 2 ** attempt * 1000));
    }
    throw new Error('unreachable');
  }

  async json(route) {
    return (await this.request(route)).json();
  }
}

async function* odataRows(central, project, form, since) {
  const params = new URLSearchParams({ $top: '250', $count: 'true', $wkt: 'true' });
  if (since) params.set('$filter', `__system/submissionDate ge ${since}T00:00:00.000Z`);
  let url = `/v1/projects/${project}/forms/${encodeURIComponent(form)}.svc/Submissions?${params}`;
  while (url) {
    const page = await central.json(url);
    yield* page.value;
    const next = page['@odata.nextLink'];
    url = next ? next.slice(next.indexOf('/v1/')) : null;
  }
}

async function downloadAttachment(central, project, form, instanceId, att, mediaDir) {
  const dir = path.join(mediaDir, instanceId.replace(/[^\w:.-]/g, '_'));
  const target = path.join(dir, path.basename(att.name));
  if (!att.exists) return 'missing-on-server';
  await fsp.mkdir(dir, { recursive: true });
  const route = `/v1/projects/${project}/forms/${encodeURIComponent(form)}/submissions/${encodeURIComponent(instanceId)}/attachments/${encodeURIComponent(att.name)}`;
  const res = await central.request(route);
  const size = Number(res.headers.get('content-length') || -1);
  if (fs.existsSync(target) && size >= 0 && fs.statSync(target).size === size) {
    await res.body.cancel();
    return 'skipped';
  }
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(`${target}.part`));
  await fsp.rename(`${target}.part`, target);
  return 'downloaded';
}

async function limited(items, n, fn) {
  const results = [];
  let next = 0;
  const workers = Array.from({ length: Math.max(1, n) }, async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await fn(items[i]).catch((e) => `error: ${e.message}`);
    }
  });
  await Promise.all(workers);
  return results;
}

async function formVersion(central, project, form) {
  const info = await central.json(`/v1/projects/${project}/forms/${encodeURIComponent(form)}`);
  return { version: info.version, submissions: info.submissions, state: info.state };
}

async function writeManifest(outDir, meta) {
  const file = path.join(outDir, 'manifest.json');
  await fsp.writeFile(`${file}.part`, JSON.stringify({ ...meta, downloaded: new Date().toISOString() }, null, 2));
  await fsp.rename(`${file}.part`, file);
}

async function main() {
  const o = parseArgs();
  const central = new Central(env.ODK_URL || '');
  if (!/\.internal(:\d+)?$/.test(new URL(central.base).host)) throw new Error('ODK_URL must be our Central server');
  const outDir = path.join(ROOT, 'data', 'raw', 'odk', o.form);
  const mediaDir = path.join(outDir, 'media');
  await fsp.mkdir(mediaDir, { recursive: true });
  await central.login(env.ODK_EMAIL, env.ODK_PASSWORD);
  try {
    const jsonl = fs.createWriteStream(path.join(outDir, 'submissions.jsonl.part'));
    const ids = [];
    for await (const row of odataRows(central, o.project, o.form, o.since)) {
      jsonl.write(`${JSON.stringify(row)}\n`);
      ids.push(row.__id);
    }
    await new Promise((r) => jsonl.end(r));
    await fsp.rename(path.join(outDir, 'submissions.jsonl.part'), path.join(outDir, 'submissions.jsonl'));
    console.log(`${ids.length} submission(s)`);
    const tasks = [];
    for (const id of ids) {
      const list = await central.json(`/v1/projects/${o.project}/forms/${encodeURIComponent(o.form)}/submissions/${encodeURIComponent(id)}/attachments`);
      for (const att of list) tasks.push({ id, att });
    }
    const results = await limited(tasks, o.concurrency, (t) => downloadAttachment(central, o.project, o.form, t.id, t.att, mediaDir));
    const tally = results.reduce((acc, r) => ({ ...acc, [r]: (acc[r] || 0) + 1 }), {});
    console.log(`attachments: ${JSON.stringify(tally)}`);
    await writeManifest(outDir, { form: o.form, project: o.project, since: o.since, submissions: ids.length, attachments: tally, ...(await formVersion(central, o.project, o.form)) });
  } finally {
    await central.logout();
  }
}

main().catch((err) => {
  console.error(`odk-attachments: ${err.message}`);
  process.exit(1);
});
