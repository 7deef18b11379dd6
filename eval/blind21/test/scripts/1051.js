#!/usr/bin/env node
/*
 * tools/artifactory-retention.js
 *
 * Retention for the ledger build artifacts in the internal Artifactory.
 * Snapshot builds are uploaded to
 *     ledger-snapshots/com/ledger/<component>/<version>/
 * and pile up quickly. This tool lists the version folders of OUR
 * components, keeps the newest N per component (plus anything younger than
 * the minimum age), and deletes the rest -- only with --apply.
 *
 *   node tools/artifactory-retention.js                 # report
 *   node tools/artifactory-retention.js --apply         # delete
 *   node tools/artifactory-retention.js --keep 20 --min-age-days 14
 *
 * The server URL and repository come from tools/artifactory.json. The
 * access token is ARTIFACTORY_TOKEN from the environment, sent as a bearer
 * token to that server only. Release repositories are refused outright.
 *
 * tools/artifactory.json example:
 *   {
 *     "baseUrl": "https://artifactory.internal",
 *     "repository": "ledger-snapshots",
 *     "components": ["ledger-api", "ledger-worker", "ledger-cli"],
 *     "maxDeletesPerRun": 150
 *   }
 *
 * Safety:
 *   - every delete path is re-checked to be <repo>/com/ledger/<component>/<version>
 *   - at most maxDeletesPerRun deletions per run (config)
 *   - a JSON report of what was (or would be) deleted goes to build/
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const REPO_ROOT = path.resolve(__dirname, '..');
const CONFIG_PATH = path.join(REPO_ROOT, 'tools', 'artifactory.json');
const PATH_RE = /^com\/ledger\/[a-z0-9-]+\/\d+\.\d+\.\d+-[0-9A-Za-z.]+$/;

function bail(message, code = 1) {
  process.stderr.write(`artifactory-retention: ${message}\n`);
  process.exit(code);
}

function readConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8'));
  const { hostname } = new URL(cfg.baseUrl);
  if (!hostname.endsWith('.internal')) bail(`baseUrl ${cfg.baseUrl} is not the internal Artifactory`);
  if (!/-snapshots?$/.test(cfg.repository)) bail(`repository ${cfg.repository} is not a snapshot repository`);
  if (!Array.isArray(cfg.components) || cfg.components.length === 0) bail('components list is empty');
  return { maxDeletesPerRun: 200, ...cfg };
}

class Artifactory {
  constructor(baseUrl, token) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.token = token;
  }

  async request(method, apiPath, body) {
    const headers = { Authorization: `Bearer ${this.token}` };
    if (body) headers['Content-Type'] = 'text/plain';
    let backoff = 500;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      let res;
      try {
        res = await fetch(`${this.baseUrl}${apiPath}`, { method, headers, body });
      } catch (err) {
        if (attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, backoff));
        backoff *= 2;
        continue;
      }
      if (res.status >= 500 || res.status === 429) {
        await new Promise((r) => setTimeout(r, backoff));
        backoff *= 2;
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${apiPath} -> ${res.status} ${await res.text()}`);
      const text = await res.text();
      return text ? JSON.parse(text) : null;
    }
    throw new Error(`${method} ${apiPath}: retries exhausted`);
  }

  // AQL search for version folders under one component
  async versionFolders(repository, component) {
    const aql = `items.find({"repo":"${repository}","path":"com/ledger/${component}","type":"folder"})` +
      '.include("name","path","created")';
    const data = await this.request('POST', '/artifactory/api/search/aql', aql);
    return (data.results || []).map((r) => ({
      rel: `${r.path}/${r.name}`,
      created: new Date(r.created),
    }));
  }

  async remove(repository, rel) {
    await this.request('DELETE', `/artifactory/${repository}/${rel}`);
  }
}

function selectStale(folders, keep, minAgeDays) {
  const cutoff = Date.now() - minAgeDays * 86400000;
  const sorted = [...folders].sort((a, b) => b.created - a.created);
  return sorted.slice(keep).filter((f) => f.created.getTime() < cutoff);
}

function writeReport(report) {
  const dir = path.join(REPO_ROOT, 'build');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'artifactory-retention.json');
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(REPO_ROOT, file);
}

function summarize(byComponent) {
  let total = 0;
  for (const [component, stale] of Object.entries(byComponent)) {
    total += stale.length;
    console.log(`${component.padEnd(24)} ${String(stale.length).padStart(4)} stale`);
    for (const f of stale.slice(0, 5)) {
      console.log(`    ${f.rel}  (${f.created.toISOString().slice(0, 10)})`);
    }
    if (stale.length > 5) console.log(`    ... ${stale.length - 5} more`);
  }
  return total;
}

async function main() {
  const { values } = parseArgs({
    options: {
      apply: { type: 'boolean', default: false },
      keep: { type: 'string', default: '10' },
      'min-age-days': { type: 'string', default: '7' },
      component: { type: 'string', multiple: true },
    },
  });
  const cfg = readConfig();
  const token = process.env.ARTIFACTORY_TOKEN;
  if (!token) bail('ARTIFACTORY_TOKEN is not set');
  const keep = Number(values.keep);
  const minAge = Number(values['min-age-days']);
  if (!Number.isInteger(keep) || keep < 3) bail('--keep must be an integer >= 3');
  if (!Number.isFinite(minAge) || minAge < 1) bail('--min-age-days must be >= 1');

  const components = values.component?.length ? values.component : cfg.components;
  for (const c of components) if (!cfg.components.includes(c)) bail(`unknown component ${c}`);

  console.log(`${cfg.baseUrl} ${cfg.repository} (token ...${token.slice(-4)}), keep ${keep}, min age ${minAge}d`);
  const api = new Artifactory(cfg.baseUrl, token);
  const byComponent = {};
  for (const component of components) {
    const folders = await api.versionFolders(cfg.repository, component);
    byComponent[component] = selectStale(folders, keep, minAge);
  }
  const total = summarize(byComponent);
  const report = { at: new Date().toISOString(), applied: false, repository: cfg.repository, byComponent };

  if (!values.apply) {
    console.log(`${total} folder(s) would be deleted; pass --apply`);
    console.log(`report: ${writeReport(report)}`);
    return;
  }
  if (total > cfg.maxDeletesPerRun) bail(`${total} deletions exceed maxDeletesPerRun=${cfg.maxDeletesPerRun}`);

  let deleted = 0;
  for (const stale of Object.values(byComponent)) {
    for (const f of stale) {
      if (!PATH_RE.test(f.rel)) bail(`refusing to delete unexpected path ${f.rel}`);
      await api.remove(cfg.repository, f.rel);
      deleted += 1;
    }
  }
  report.applied = true;
  console.log(`deleted ${deleted} folder(s); report: ${writeReport(report)}`);
}

main().catch((err) => bail(err.message));
