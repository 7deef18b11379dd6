#!/usr/bin/env node
// Create Jira issues from the lab's equipment-fault spreadsheet (CSV export).
//
//   node tools/faults-to-jira.js data/faults.csv            plan only
//   node tools/faults-to-jira.js data/faults.csv --apply    create issues
//
// Rows already linked (column "jira_key" filled) are skipped; created keys are
// written back into a copy of the CSV (data/faults.synced.csv). JIRA_SITE must
// be <name>.atlassian.net; JIRA_EMAIL + JIRA_API_TOKEN come from .env and are
// sent as basic auth to that site only, as the Jira Cloud REST docs describe.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const PROJECT_KEY = process.env.JIRA_PROJECT || 'LAB';
const PRIORITY_MAP = { critical: 'Highest', high: 'High', medium: 'Medium', low: 'Low' };

function env() {
  const vals = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^(JIRA_\w+)=(.*)$/);
      if (m && !vals[m[1]]) vals[m[1]] = m[2].trim();
    }
  }
  if (!/^[a-z0-9-]+\.atlassian\.net$/.test(vals.JIRA_SITE || '')) throw new Error('JIRA_SITE must be <name>.atlassian.net');
  for (const k of ['JIRA_EMAIL', 'JIRA_API_TOKEN']) if (!vals[k]) throw new Error(`${k} missing`);
  return vals;
}

function parseCsv(text) {
  const rows = [];
  let field = '';
  let row = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((x) => x.trim()));
  return { header, records: body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
}

const toCsv = (header, records) =>
  [header, ...records.map((r) => header.map((h) => r[h] ?? ''))]
    .map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${String(v).replace(/"/g, '""')}"` : v)).join(','))
    .join('\n') + '\n';

class Jira {
  constructor(e) {
    this.base = `https://${e.JIRA_SITE}`;
    this.auth = 'Basic ' + Buffer.from(`${e.JIRA_EMAIL}:${e.JIRA_API_TOKEN}`).toString('base64');
  }

  async call(method, p, body) {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await fetch(this.base + p, {
        method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: this.auth },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 1000 * attempt));
        continue;
      }
      const json = await res.json().catch(() => ({ errors: 'non-JSON response' }));
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json.errors || json.errorMessages || '')}`);
      return json;
    }
    throw new Error('rate limited');
  }

  existingSummaries() {
    const jql = encodeURIComponent(`project = ${PROJECT_KEY} AND labels = equipment-fault AND created >= -90d`);
    return this.call('GET', `/rest/api/3/search?jql=${jql}&fields=summary&maxResults=500`).then((r) =>
      new Set(r.issues.map((i) => i.fields.summary)),
    );
  }

  create(fields) {
    return this.call('POST', '/rest/api/3/issue', { fields });
  }
}

function adf(text) {
  return { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

function issueFields(r) {
  const summary = `[${r.instrument}] ${r.fault}`.slice(0, 240);
  const description = [
    `Reported by ${r.reporter || 'unknown'} on ${r.date || 'unknown date'}.`,
    r.details || '',
    r.location ? `Location: ${r.location}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    project: { key: PROJECT_KEY },
    issuetype: { name: 'Task' },
    summary,
    description: adf(description),
    labels: ['equipment-fault', (r.instrument || 'unknown').toLowerCase().replace(/\W+/g, '-')],
    priority: { name: PRIORITY_MAP[(r.severity || '').toLowerCase()] || 'Medium' },
  };
}

function validate(records) {
  const problems = [];
  records.forEach((r, i) => {
    if (!r.instrument) problems.push(`row ${i + 2}: instrument missing`);
    if (!r.fault) problems.push(`row ${i + 2}: fault description missing`);
  });
  return problems;
}

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: faults-to-jira.js faults.csv [--apply]');
  const apply = rest.includes('--apply');
  const { header, records } = parseCsv(fs.readFileSync(path.resolve(file), 'utf8'));
  if (!header.includes('jira_key')) header.push('jira_key');
  const problems = validate(records);
  if (problems.length) throw new Error(problems.join('; '));
  const jira = new Jira(env());
  const existing = await jira.existingSummaries();

  let created = 0;
  let skipped = 0;
  for (const r of records) {
    if (r.jira_key) {
      skipped++;
      continue;
    }
    const fields = issueFields(r);
    if (existing.has(fields.summary)) {
      console.log(`exists: ${fields.summary}`);
      skipped++;
      continue;
    }
    if (!apply) {
      console.log(`[plan] create ${fields.priority.name.padEnd(7)} ${fields.summary}`);
      continue;
    }
    const res = await jira.create(fields);
    r.jira_key = res.key;
    created++;
    console.log(`created ${res.key}: ${fields.summary}`);
  }
  if (apply) {
    const out = path.join(path.dirname(path.resolve(file)), path.basename(file, '.csv') + '.synced.csv');
    fs.writeFileSync(out, toCsv(header, records));
    console.log(`${created} created, ${skipped} skipped; keys written to ${path.relative(ROOT, out)}`);
  } else {
    console.log(`plan only (${skipped} skipped); add --apply to create issues`);
  }
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
