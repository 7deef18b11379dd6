#!/usr/bin/env node
// Sync upcoming Indico events of our category into the Hugo site (content/events/).
//
//   node tools/indico-sync.js [--category 42] [--days 180] [--dry-run] [--prune]
//
// Reads the Indico HTTP export API (https://indico.internal/export/categ/<id>.json)
// with the API token from .env as a Bearer header, renders one Markdown file with
// front matter per event, and (with --prune) removes Markdown files this script created
// earlier for events that disappeared. Files it created carry `generated: indico-sync`
// in their front matter; hand-written event pages are never touched.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const CONTENT = path.join(ROOT, 'content', 'events');
const MARKER = 'generated: indico-sync';

function loadEnv() {
  const result = {};
  const envFile = path.join(ROOT, '.env');
  if (fs.existsSync(envFile)) {
    for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
      const idx = line.indexOf('=');
      if (idx > 0 && !line.startsWith('#')) result[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
  }
  return { ...result, ...process.env };
}

function options() {
  const argv = process.argv.slice(2);
  const get = (name, dflt) => {
    const i = argv.indexOf(name);
    return i === -1 ? dflt : argv[i + 1];
  };
  return {
    category: Number(get('--category', '42')),
    days: Number(get('--days', '180')),
    dryRun: argv.includes('--dry-run'),
    prune: argv.includes('--prune'),
  };
}

const env = loadEnv();
const INDICO = (env.INDICO_URL || 'https://indico.internal').replace(/\/$/, '');

async function fetchEvents(category, days) {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
  const url = `${INDICO}/export/categ/${category}.json?from=${from}&to=${to}&order=start&detail=events&pretty=no`;
  const headers = { Accept: 'application/json' };
  if (env.INDICO_TOKEN) headers.Authorization = `Bearer ${env.INDICO_TOKEN}`;
  let lastError;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.json();
      return body.results || [];
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, attempt * 1500));
    }
  }
  throw new Error(`Indico export failed: ${lastError.message}`);
}

function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

function yamlString(value) {
  return JSON.stringify(String(value ?? ''));
}

function stripHtml(html) {
  return String(html || '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function isoDate(d) {
  // Indico returns {date: '2024-09-12', time: '09:00:00', tz: 'Europe/Zurich'}
  return d ? `${d.date}T${d.time}` : '';
}

function render(event) {
  const body = stripHtml(event.description);
  const hash = crypto.createHash('sha256').update(JSON.stringify([event.title, event.startDate, event.endDate, body])).digest('hex').slice(0, 12);
  const front = [
    '---',
    `title: ${yamlString(event.title)}`,
    `date: ${yamlString(isoDate(event.startDate))}`,
    `end: ${yamlString(isoDate(event.endDate))}`,
    `timezone: ${yamlString(event.timezone)}`,
    `location: ${yamlString([event.room, event.location].filter(Boolean).join(', '))}`,
    `indico_id: ${yamlString(event.id)}`,
    `indico_url: ${yamlString(event.url)}`,
    `type: ${yamlString(event.type)}`,
    `content_hash: ${yamlString(hash)}`,
    MARKER,
    '---',
    '',
  ];
  return { text: front.join('\n') + (body ? `${body}\n` : ''), hash };
}

function existingGenerated() {
  const map = new Map();
  if (!fs.existsSync(CONTENT)) return map;
  for (const name of fs.readdirSync(CONTENT)) {
    if (!name.endsWith('.md')) continue;
    const file = path.join(CONTENT, name);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(`\n${MARKER}\n`)) continue;
    const id = /indico_id: "([^"]+)"/.exec(text)?.[1];
    const hash = /content_hash: "([^"]+)"/.exec(text)?.[1];
    if (id) map.set(id, { file, hash });
  }
  return map;
}

function writeFileAtomic(file, text) {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

async function main() {
  const opts = options();
  const events = await fetchEvents(opts.category, opts.days);
  const existing = existingGenerated();
  fs.mkdirSync(CONTENT, { recursive: true });
  const stats = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  const seen = new Set();

  for (const event of events) {
    if (event._type && event._type !== 'Conference' && event._type !== 'Meeting' && event._type !== 'Lecture') continue;
    const id = String(event.id);
    seen.add(id);
    const { text, hash } = render(event);
    const prev = existing.get(id);
    const file = prev?.file ?? path.join(CONTENT, `${event.startDate.date}-${slugify(event.title)}.md`);
    if (prev && prev.hash === hash) {
      stats.unchanged++;
      continue;
    }
    if (opts.dryRun) console.log(`${prev ? 'update' : 'create'} ${path.relative(ROOT, file)}`);
    else writeFileAtomic(file, text);
    stats[prev ? 'updated' : 'created']++;
  }

  if (opts.prune) {
    for (const [id, { file }] of existing) {
      if (seen.has(id)) continue;
      // only files carrying our marker end up in `existing`
      if (opts.dryRun) console.log(`remove ${path.relative(ROOT, file)}`);
      else fs.unlinkSync(file);
      stats.removed++;
    }
  }

  console.log(`indico category ${opts.category}: ${events.length} event(s); ` +
    `${stats.created} created, ${stats.updated} updated, ${stats.unchanged} unchanged, ${stats.removed} removed` +
    (opts.dryRun ? ' (dry run)' : ''));
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
