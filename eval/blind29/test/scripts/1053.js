#!/usr/bin/env node
// Audit public share links on the Seafile server (read-only report).
//
//   node tools/seafile-shares.js                 # all share links, CSV + summary
//   node tools/seafile-shares.js --older-than 180 --no-expiry-only
//
// Lists every share link via the admin API of SEAFILE_URL (https://files.internal)
// and flags links that are (a) older than N days, (b) without expiry date,
// (c) without password, (d) pointing at libraries tagged "confidential" in
// config/seafile-libraries.json.  Nothing is revoked: the report goes to the
// data-protection officer, who decides.  The admin token from .env is only
// ever sent to the configured internal host.
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const PROJECT = path.join(__dirname, '..');
const REPORT_DIR = path.join(PROJECT, 'reports', 'seafile');

function envFile() {
  const file = path.join(PROJECT, '.env');
  if (!fs.existsSync(file)) return {};
  const pairs = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => /^[A-Z0-9_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^"|"$/g, '')]);
  return Object.fromEntries(pairs);
}

function args() {
  const argv = process.argv.slice(2);
  const get = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  return {
    olderThan: Number(get('--older-than', 90)),
    noExpiryOnly: argv.includes('--no-expiry-only'),
  };
}

function client(base, token) {
  const url = new URL(base);
  if (!url.hostname.endsWith('.internal')) throw new Error(`SEAFILE_URL ${url.hostname} is not internal`);
  const headers = { Authorization: `Token ${token}`, Accept: 'application/json' };
  async function get(route, params = {}) {
    const u = new URL(route, url.origin);
    Object.entries(params).forEach(([k, v]) => u.searchParams.set(k, String(v)));
    let delay = 500;
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(u, { headers });
      if (res.ok) return res.json();
      if (res.status !== 429 && res.status < 500) throw new Error(`${u.pathname}: HTTP ${res.status}`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
    throw new Error(`${u.pathname}: too many retries`);
  }
  return {
    async shareLinks() {
      const links = [];
      for (let page = 1; ; page++) {
        const body = await get('/api/v2.1/admin/share-links/', { page, per_page: 100 });
        const batch = body.share_link_list || body.data || [];
        links.push(...batch);
        if (!body.has_next_page || batch.length === 0) return links;
      }
    },
    library(id) {
      return get(`/api/v2.1/admin/libraries/${id}/`);
    },
  };
}

function ageDays(iso) {
  return Math.floor((Date.now() - Date.parse(iso)) / 86400000);
}

function classify(link, confidentialIds, olderThan) {
  const flags = [];
  if (!link.expire_date) flags.push('no-expiry');
  if (!link.is_encrypted && !link.password) flags.push('no-password');
  if (ageDays(link.ctime) > olderThan) flags.push(`older-than-${olderThan}d`);
  if (confidentialIds.has(link.repo_id)) flags.push('confidential-library');
  if (link.permissions?.can_upload) flags.push('upload-allowed');
  return flags;
}

// compare with the previous report to show which risky links are new
function previousTokens(dir, stamp) {
  if (!fs.existsSync(dir)) return new Set();
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^share-links-\d{4}-\d{2}-\d{2}\.csv$/.test(f) && !f.includes(stamp))
    .sort();
  if (!files.length) return new Set();
  const lines = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8').split('\n').slice(1);
  return new Set(lines.map((l) => l.split(',')[0]).filter(Boolean));
}

function markNew(rows, known) {
  for (const r of rows) r.isNew = known.size > 0 && !known.has(r.token);
  return rows.filter((r) => r.isNew).length;
}

function csvRow(values) {
  return values
    .map((v) => {
      const s = v == null ? '' : String(v);
      return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
    })
    .join(',');
}

async function main() {
  const opts = args();
  const env = { ...envFile(), ...process.env };
  if (!env.SEAFILE_ADMIN_TOKEN) throw new Error('SEAFILE_ADMIN_TOKEN missing');
  const api = client(env.SEAFILE_URL || 'https://files.internal', env.SEAFILE_ADMIN_TOKEN);

  const libsFile = path.join(PROJECT, 'config', 'seafile-libraries.json');
  const libsCfg = fs.existsSync(libsFile) ? JSON.parse(fs.readFileSync(libsFile, 'utf8')) : { confidential: [] };
  const confidential = new Set(libsCfg.confidential || []);

  const links = await api.shareLinks();
  const rows = [];
  const libNames = new Map();
  for (const link of links) {
    const flags = classify(link, confidential, opts.olderThan);
    if (opts.noExpiryOnly && !flags.includes('no-expiry')) continue;
    if (!libNames.has(link.repo_id)) {
      try {
        libNames.set(link.repo_id, (await api.library(link.repo_id)).name);
      } catch {
        libNames.set(link.repo_id, link.repo_name || link.repo_id);
      }
    }
    rows.push({
      token: link.token.slice(0, 6) + '…',
      creator: link.creator_email || link.username,
      library: libNames.get(link.repo_id),
      path: link.path,
      created: link.ctime,
      expires: link.expire_date || '',
      views: link.view_cnt ?? '',
      flags,
    });
  }

  rows.sort((a, b) => b.flags.length - a.flags.length || Date.parse(a.created) - Date.parse(b.created));
  await fsp.mkdir(REPORT_DIR, { recursive: true });
  const stamp = new Date().toISOString().substring(0, 10);
  const newCount = markNew(rows, previousTokens(REPORT_DIR, stamp));
  if (newCount) console.error(`[seafile-shares] ${newCount} link(s) not in the previous report`);
  const header = ['token', 'creator', 'library', 'path', 'created', 'expires', 'views', 'flags'];
  const csv = [header.join(','), ...rows.map((r) => csvRow([...header.slice(0, -1).map((h) => r[h]), r.flags.join(' ')]))];
  await fsp.writeFile(path.join(REPORT_DIR, `share-links-${stamp}.csv`), csv.join('\n') + '\n');

  const count = (flag) => rows.filter((r) => r.flags.some((f) => f.startsWith(flag))).length;
  const summary = [
    `# Seafile share links ${stamp}`,
    '',
    `- links: ${rows.length}`,
    `- without expiry: ${count('no-expiry')}`,
    `- without password: ${count('no-password')}`,
    `- older than ${opts.olderThan} days: ${count('older-than')}`,
    `- on confidential libraries: ${count('confidential-library')}`,
    `- upload allowed: ${count('upload-allowed')}`,
    '',
    '## Top creators',
    '',
    ...Object.entries(rows.reduce((acc, r) => ({ ...acc, [r.creator]: (acc[r.creator] || 0) + 1 }), {}))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([c, n]) => `- ${c}: ${n}`),
  ];
  await fsp.writeFile(path.join(REPORT_DIR, `share-links-${stamp}.md`), summary.join('\n') + '\n');
  console.log(summary.join('\n'));
}

main().catch((err) => {
  console.error(`[seafile-shares] ${err.message}`);
  process.exitCode = 1;
});
