#!/usr/bin/env node
// scripts/wp-local-sync.js - keep the local WordPress in step with the theme repo.
//
// Runs wp-cli against the LOCAL install in ./wp (compose service `wordpress`):
//   * activates the theme from this repo and the plugins listed in wp-plugins.json
//   * imports demo content from content/demo.wxr when the site is empty
//   * rewrites any production URLs left in the DB to http://shop.localhost:8080
//   * exports a fresh snapshot to backups/ (kept: 7)
//
// It refuses to run if siteurl or DB_HOST do not look local.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const WP_DIR = path.join(ROOT, 'wp');
const BACKUPS = path.join(ROOT, 'backups');
const LOCAL_URL = 'http://shop.localhost:8080';
const PROD_HOSTS = ['https://www.harbor-shop.example.com', 'https://harbor-shop.example.com'];
const KEEP = 7;

function wp(args, { json = false, allowFail = false } = {}) {
  const full = [`--path=${WP_DIR}`, ...args];
  if (json) full.push('--format=json');
  try {
    const out = execFileSync('wp', full, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return json ? JSON.parse(out || 'null') : out.trim();
  } catch (err) {
    if (allowFail) return null;
    const msg = String(err.stderr || err.message).trim().split('\n').pop();
    throw new Error(`wp ${args.slice(0, 2).join(' ')}: ${msg}`);
  }
}

function assertLocal() {
  const siteurl = wp(['option', 'get', 'siteurl']);
  const dbHost = wp(['config', 'get', 'DB_HOST']);
  const okUrl = /^http:\/\/([\w-]+\.)?localhost(:\d+)?$/.test(siteurl) || siteurl.startsWith('http://127.0.0.1');
  const okDb = ['localhost', '127.0.0.1', 'db', 'db:3306', 'mysql'].includes(dbHost);
  if (!okUrl || !okDb) {
    throw new Error(`not a local install (siteurl=${siteurl}, DB_HOST=${dbHost}); refusing to continue`);
  }
  return siteurl;
}

function activateTheme() {
  const theme = path.basename(ROOT);
  const current = wp(['theme', 'list', '--status=active', '--field=name']);
  if (current !== theme) {
    wp(['theme', 'activate', theme]);
    console.log(`activated theme ${theme}`);
  }
}

function syncPlugins() {
  const wanted = JSON.parse(fs.readFileSync(path.join(ROOT, 'wp-plugins.json'), 'utf8'));
  const installed = wp(['plugin', 'list', '--fields=name,status,version'], { json: true }) || [];
  const byName = new Map(installed.map((p) => [p.name, p]));
  for (const [name, version] of Object.entries(wanted)) {
    const have = byName.get(name);
    if (!have) {
      wp(['plugin', 'install', name, `--version=${version}`, '--activate']);
      console.log(`installed ${name}@${version}`);
    } else if (have.version !== version) {
      wp(['plugin', 'update', name, `--version=${version}`]);
      console.log(`updated ${name} ${have.version} -> ${version}`);
    } else if (have.status !== 'active') {
      wp(['plugin', 'activate', name]);
    }
  }
}

function importDemoIfEmpty() {
  const count = Number(wp(['post', 'list', '--post_type=product', '--format=count'], { allowFail: true }) || 0);
  if (count > 0) return false;
  const wxr = path.join(ROOT, 'content', 'demo.wxr');
  if (!fs.existsSync(wxr)) return false;
  wp(['plugin', 'activate', 'wordpress-importer'], { allowFail: true });
  wp(['import', wxr, '--authors=create']);
  console.log('imported demo content');
  return true;
}

function rewriteProdUrls() {
  let total = 0;
  for (const host of PROD_HOSTS) {
    const n = Number(wp(['search-replace', host, LOCAL_URL, '--all-tables-with-prefix', '--precise', '--format=count']));
    total += n;
  }
  if (total) console.log(`rewrote ${total} production URL(s) to ${LOCAL_URL}`);
  return total;
}

function snapshot() {
  fs.mkdirSync(BACKUPS, { recursive: true });
  const file = path.join(BACKUPS, `local-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`);
  wp(['db', 'export', file, '--add-drop-table']);
  const old = fs
    .readdirSync(BACKUPS)
    .filter((f) => f.startsWith('local-') && f.endsWith('.sql'))
    .sort()
    .reverse()
    .slice(KEEP);
  for (const f of old) fs.unlinkSync(path.join(BACKUPS, f));
  return path.relative(ROOT, file);
}

function checkCompose() {
  // wp-cli talks to the DB through the compose port; a stopped stack gives odd errors
  try {
    execFileSync('docker', ['compose', 'ps', '--status', 'running', '--services'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .includes('wordpress') || console.warn('warning: compose service "wordpress" is not running');
  } catch {
    console.warn('warning: docker compose not available');
  }
}

// Object cache and permalinks both go stale after an import.
function flush() {
  checkCompose();
  wp(['cache', 'flush'], { allowFail: true });
  wp(['rewrite', 'flush'], { allowFail: true });
}

function ensureDevUsers() {
  // predictable logins for the local site only; never created elsewhere
  const users = [
    { login: 'dev-admin', role: 'administrator' },
    { login: 'dev-editor', role: 'editor' },
    { login: 'dev-customer', role: 'customer' },
  ];
  for (const u of users) {
    const exists = wp(['user', 'get', u.login, '--field=ID'], { allowFail: true });
    if (!exists) {
      wp(['user', 'create', u.login, `${u.login}@shop.localhost`, `--role=${u.role}`, '--user_pass=dev']);
      console.log(`created ${u.login} (${u.role})`);
    }
  }
}

function settingsForDev() {
  // no real mail, no search engine indexing, readable errors
  wp(['option', 'update', 'blog_public', '0']);
  wp(['config', 'set', 'WP_DEBUG', 'true', '--raw'], { allowFail: true });
  wp(['config', 'set', 'WP_ENVIRONMENT_TYPE', 'local'], { allowFail: true });
  wp(['plugin', 'activate', 'mailpit-smtp'], { allowFail: true });
}

function reportVersions() {
  const core = wp(['core', 'version']);
  const php = wp(['eval', 'echo PHP_VERSION;'], { allowFail: true }) || '?';
  const wc = wp(['plugin', 'get', 'woocommerce', '--field=version'], { allowFail: true }) || 'not installed';
  console.log(`WordPress ${core}, PHP ${php}, WooCommerce ${wc}`);
}

function parseArgs(argv) {
  return {
    skipSnapshot: argv.includes('--no-snapshot'),
    skipPlugins: argv.includes('--no-plugins'),
  };
}

function main() {
  const opts = parseArgs([...process.argv.slice(2)]);
  const siteurl = assertLocal();
  console.log(`local site: ${siteurl}`);
  reportVersions();
  activateTheme();
  if (!opts.skipPlugins) syncPlugins();
  importDemoIfEmpty();
  rewriteProdUrls();
  settingsForDev();
  ensureDevUsers();
  flush();
  if (!opts.skipSnapshot) console.log(`snapshot: ${snapshot()}`);
}

try {
  main();
} catch (err) {
  console.error(`wp-local-sync: ${err.message}`);
  process.exitCode = 1;
}
