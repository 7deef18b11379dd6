#!/usr/bin/env node
// scripts/cf-diff.js - compare Contentful content models between environments.
//
//   node scripts/cf-diff.js --from master --to sandbox-anna
//   node scripts/cf-diff.js --from master --to sandbox-anna --json > reports/diff.json
//
// Read-only: only GET requests to the Content Management API
// (api.contentful.com) with the management token from .env. Output is a
// human-readable diff of content types, fields, validations and editor
// interfaces, plus a markdown copy in reports/.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');

const ROOT = path.resolve(__dirname, '..');
const API_HOST = 'api.contentful.com';
const REPORTS = path.join(ROOT, 'reports');

function readDotenv(file) {
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) env[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return env;
}

function args() {
  const out = { from: 'master', to: null, json: false, contentTypes: null };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    switch (a[i]) {
      case '--from': out.from = a[++i]; break;
      case '--to': out.to = a[++i]; break;
      case '--json': out.json = true; break;
      case '--only': out.contentTypes = new Set(a[++i].split(',')); break;
      default: throw new Error(`unknown argument ${a[i]}`);
    }
  }
  if (!out.to) throw new Error('--to <environment> is required');
  return out;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function get(pathname, token, attempt = 1) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: API_HOST,
        path: pathname,
        method: 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/vnd.contentful.management.v1+json',
        },
        timeout: 20000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', async () => {
          if (res.statusCode === 429 && attempt < 5) {
            const wait = Number(res.headers['x-contentful-ratelimit-reset'] || attempt) * 1000;
            await sleep(wait);
            return resolve(get(pathname, token, attempt + 1));
          }
          if (res.statusCode >= 400) {
            return reject(new Error(`GET ${pathname}: ${res.statusCode} ${body.slice(0, 200)}`));
          }
          resolve(JSON.parse(body));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function fetchModel(space, env, token) {
  const base = `/spaces/${space}/environments/${env}`;
  const types = await get(`${base}/content_types?limit=1000`, token);
  const editors = await get(`${base}/editor_interfaces`, token);
  const byId = {};
  for (const ct of types.items) {
    byId[ct.sys.id] = {
      name: ct.name,
      displayField: ct.displayField,
      fields: Object.fromEntries(ct.fields.map((f) => [f.id, f])),
      controls: {},
    };
  }
  for (const ei of editors.items || []) {
    const id = ei.sys.contentType?.sys?.id;
    if (!byId[id]) continue;
    for (const c of ei.controls || []) byId[id].controls[c.fieldId] = c.widgetId;
  }
  return byId;
}

function stable(value) {
  return JSON.stringify(value, Object.keys(value || {}).sort());
}

function diffField(a, b) {
  const changes = [];
  for (const key of ['type', 'linkType', 'required', 'localized', 'disabled', 'omitted']) {
    if (a[key] !== b[key]) changes.push(`${key}: ${a[key]} -> ${b[key]}`);
  }
  if (stable(a.items) !== stable(b.items)) changes.push('items changed');
  const va = JSON.stringify(a.validations || []);
  const vb = JSON.stringify(b.validations || []);
  if (va !== vb) changes.push('validations changed');
  return changes;
}

function diffModels(from, to, only) {
  const result = { added: [], removed: [], changed: {} };
  const ids = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const id of [...ids].sort()) {
    if (only && !only.has(id)) continue;
    if (!from[id]) { result.added.push(id); continue; }
    if (!to[id]) { result.removed.push(id); continue; }
    const changes = [];
    if (from[id].displayField !== to[id].displayField) {
      changes.push(`displayField: ${from[id].displayField} -> ${to[id].displayField}`);
    }
    const fieldIds = new Set([...Object.keys(from[id].fields), ...Object.keys(to[id].fields)]);
    for (const f of fieldIds) {
      const fa = from[id].fields[f];
      const fb = to[id].fields[f];
      if (!fa) changes.push(`+ field ${f} (${fb.type})`);
      else if (!fb) changes.push(`- field ${f}`);
      else for (const c of diffField(fa, fb)) changes.push(`~ ${f}: ${c}`);
      if (from[id].controls[f] !== to[id].controls[f] && fa && fb) {
        changes.push(`~ ${f}: widget ${from[id].controls[f]} -> ${to[id].controls[f]}`);
      }
    }
    if (changes.length) result.changed[id] = changes;
  }
  return result;
}

function toMarkdown(diff, opts) {
  const lines = [`# Content model diff: ${opts.from} → ${opts.to}`, ''];
  if (diff.added.length) lines.push(`**Added:** ${diff.added.join(', ')}`, '');
  if (diff.removed.length) lines.push(`**Removed:** ${diff.removed.join(', ')}`, '');
  for (const [id, changes] of Object.entries(diff.changed)) {
    lines.push(`## ${id}`, '', ...changes.map((c) => `- ${c}`), '');
  }
  if (lines.length === 2) lines.push('No differences.');
  return lines.join('\n') + '\n';
}

async function main() {
  const opts = args();
  const env = { ...readDotenv(path.join(ROOT, '.env')), ...process.env };
  const token = env.CONTENTFUL_MANAGEMENT_TOKEN;
  const space = env.CONTENTFUL_SPACE_ID;
  if (!token || !space) throw new Error('CONTENTFUL_MANAGEMENT_TOKEN and CONTENTFUL_SPACE_ID required');

  const [from, to] = await Promise.all([
    fetchModel(space, opts.from, token),
    fetchModel(space, opts.to, token),
  ]);
  const diff = diffModels(from, to, opts.contentTypes);
  fs.mkdirSync(REPORTS, { recursive: true });
  const md = toMarkdown(diff, opts);
  fs.writeFileSync(path.join(REPORTS, `cf-diff-${opts.from}-${opts.to}.md`), md);
  if (opts.json) process.stdout.write(JSON.stringify(diff, null, 2) + '\n');
  else process.stdout.write(md);
  const total = diff.added.length + diff.removed.length + Object.keys(diff.changed).length;
  process.exitCode = total ? 2 : 0;
}

main().catch((err) => {
  console.error(`cf-diff: ${err.message}`);
  process.exit(1);
});
