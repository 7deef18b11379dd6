#!/usr/bin/env node
// Export / review Paperless-ngx mail accounts and mail rules as YAML-ish JSON
// so they can be versioned in git (config/paperless-mail/*.json).
//
//   node tools/paperless-mail.js pull              # API → config/paperless-mail/
//   node tools/paperless-mail.js diff              # compare repo vs. instance
//   node tools/paperless-mail.js push --apply      # update rules that differ
//
// Instance: PAPERLESS_URL (http://paperless.localhost:8000 in dev,
// https://paperless.internal for the team) with PAPERLESS_TOKEN.  Mail account
// passwords are never written to the repository: they are replaced by
// "<from PAPERLESS_MAIL_PASSWORD_<ID>>" placeholders on pull and, on push,
// taken from the environment of the same name – or left untouched on the
// server when the variable is not set.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const DIR = path.join(PROJECT, 'config', 'paperless-mail');
const RULE_FIELDS = [
  'name', 'account', 'folder', 'filter_from', 'filter_to', 'filter_subject', 'filter_body',
  'filter_attachment_filename_include', 'maximum_age', 'action', 'action_parameter',
  'assign_title_from', 'assign_tags', 'assign_correspondent_from', 'assign_document_type',
  'order', 'attachment_type', 'consumption_scope', 'enabled',
];

function env() {
  const out = { ...process.env };
  const file = path.join(PROJECT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m && !(m[1] in process.env)) out[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  return out;
}

function api(base, token) {
  const origin = new URL(base).origin;
  const host = new URL(base).hostname;
  if (!(host.endsWith('.internal') || host.endsWith('.localhost') || host === 'localhost')) {
    throw new Error(`PAPERLESS_URL ${host} is not one of our instances`);
  }
  const headers = { authorization: `Token ${token}`, accept: 'application/json; version=5' };
  const call = async (method, route, body) => {
    const res = await fetch(new URL(route, origin), {
      method,
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.status === 204 ? null : res.json();
  };
  const list = async (route) => {
    const items = [];
    let next = `${route}?page_size=100`;
    while (next) {
      const url = new URL(next, origin);
      if (url.origin !== origin) throw new Error('pagination left the instance');
      const page = await call('GET', url.pathname + url.search);
      items.push(...page.results);
      next = page.next;
    }
    return items;
  };
  return { call, list };
}

function scrubAccount(acc) {
  const { password, ...rest } = acc;
  return { ...rest, password: `<from PAPERLESS_MAIL_PASSWORD_${acc.id}>` };
}

function pickRule(rule) {
  return Object.fromEntries(RULE_FIELDS.filter((f) => f in rule).map((f) => [f, rule[f]]));
}

function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

function readRepo() {
  const read = (name) => (fs.existsSync(path.join(DIR, name)) ? JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) : []);
  return { accounts: read('accounts.json'), rules: read('rules.json') };
}

function diffRules(repoRules, liveRules) {
  const live = new Map(liveRules.map((r) => [r.name, pickRule(r)]));
  const changes = [];
  for (const rule of repoRules) {
    const current = live.get(rule.name);
    if (!current) {
      changes.push({ kind: 'missing on server', name: rule.name, rule });
      continue;
    }
    const fields = RULE_FIELDS.filter((f) => JSON.stringify(rule[f]) !== JSON.stringify(current[f]));
    if (fields.length) changes.push({ kind: 'differs', name: rule.name, fields, rule, id: liveRules.find((r) => r.name === rule.name).id });
  }
  for (const name of live.keys()) {
    if (!repoRules.some((r) => r.name === name)) changes.push({ kind: 'only on server', name });
  }
  return changes;
}

async function pull(client) {
  const [accounts, rules] = await Promise.all([client.list('/api/mail_accounts/'), client.list('/api/mail_rules/')]);
  writeJson(path.join(DIR, 'accounts.json'), accounts.map(scrubAccount));
  writeJson(path.join(DIR, 'rules.json'), rules.map(pickRule).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
  console.log(`pulled ${accounts.length} account(s) and ${rules.length} rule(s) into ${path.relative(PROJECT, DIR)}`);
}

async function diff(client) {
  const repo = readRepo();
  const changes = diffRules(repo.rules, await client.list('/api/mail_rules/'));
  if (!changes.length) console.log('repository and instance agree');
  for (const c of changes) console.log(`${c.kind.padEnd(18)} ${c.name}${c.fields ? ` (${c.fields.join(', ')})` : ''}`);
  return changes;
}

async function push(client, apply, environment) {
  const changes = await diff(client);
  const toUpdate = changes.filter((c) => c.kind === 'differs');
  if (!apply) {
    if (toUpdate.length) console.log(`\n${toUpdate.length} rule(s) would be updated; re-run with --apply`);
    return;
  }
  for (const c of toUpdate) {
    await client.call('PATCH', `/api/mail_rules/${c.id}/`, Object.fromEntries(c.fields.map((f) => [f, c.rule[f]])));
    console.log(`updated ${c.name}`);
  }
  const repo = readRepo();
  for (const acc of repo.accounts) {
    const secret = environment[`PAPERLESS_MAIL_PASSWORD_${acc.id}`];
    if (!secret) continue;
    await client.call('PATCH', `/api/mail_accounts/${acc.id}/`, { password: secret });
    console.log(`password of mail account ${acc.name} updated from the environment`);
  }
}

function lint() {
  // offline checks of the repository files, no API access needed
  const repo = readRepo();
  const problems = [];
  const names = new Set();
  for (const rule of repo.rules) {
    if (names.has(rule.name)) problems.push(`duplicate rule name "${rule.name}"`);
    names.add(rule.name);
    if (!repo.accounts.some((a) => a.id === rule.account)) problems.push(`rule "${rule.name}" uses unknown account ${rule.account}`);
    if (rule.maximum_age !== undefined && rule.maximum_age > 365) problems.push(`rule "${rule.name}" looks back ${rule.maximum_age} days`);
    if (rule.action === 3 && !rule.action_parameter) problems.push(`rule "${rule.name}" moves mail but has no target folder`);
  }
  for (const acc of repo.accounts) {
    if (acc.password && !String(acc.password).startsWith('<from ')) problems.push(`account ${acc.name} contains a real password – run pull again`);
  }
  for (const p of problems) console.log(`lint: ${p}`);
  console.log(`${repo.rules.length} rule(s), ${repo.accounts.length} account(s), ${problems.length} problem(s)`);
  return problems.length;
}

async function main() {
  const [cmd, ...rest] = [...process.argv.slice(2)];
  if (cmd === 'lint') {
    process.exitCode = lint() ? 1 : 0;
    return;
  }
  const environment = env();
  if (!environment.PAPERLESS_TOKEN) throw new Error('PAPERLESS_TOKEN missing');
  const client = api(environment.PAPERLESS_URL || 'http://paperless.localhost:8000', environment.PAPERLESS_TOKEN);
  if (cmd === 'pull') return pull(client);
  if (cmd === 'diff') return diff(client);
  if (cmd === 'push') return push(client, rest.includes('--apply'), environment);
  console.error('usage: paperless-mail.js pull | diff | push [--apply]');
  process.exitCode = 2;
}

main().catch((e) => {
  console.error(`[paperless-mail] ${e.message}`);
  process.exitCode = 1;
});
