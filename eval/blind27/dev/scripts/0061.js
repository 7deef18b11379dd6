#!/usr/bin/env node
// Apps Script deployment manager using the Apps Script API directly.
//
//   node tools/gas-deploy.js list
//   node tools/gas-deploy.js version "message"
//   node tools/gas-deploy.js promote <env> <versionNumber> [--prod]
//
// Environments and their deployment ids are in deploy/environments.json.
// Promoting to "production" requires --prod AND a matching CONFIRM_PROD=yes
// environment variable, because that deployment serves the public web app.
// OAuth credentials are the ones clasp already stored in ~/.clasprc.json; the
// access token is only sent to script.googleapis.com / oauth2.googleapis.com.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://script.googleapis.com/v1';
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const ENV_FILE = path.join(ROOT, 'deploy', 'environments.json');
const CLASP_JSON = path.join(ROOT, '.clasp.json');
const CLASPRC = path.join(os.homedir(), '.clasprc.json');
const HISTORY = path.join(ROOT, 'deploy', 'history.jsonl');

function readJson(p) {
  return JSON.parse(fs.readFileSync(p, 'utf8'));
}

function claspCredentials() {
  if (!fs.existsSync(CLASPRC)) throw new Error('not logged in: run `npx clasp login` first');
  const rc = readJson(CLASPRC);
  // clasp >= 2.4 keeps tokens under .tokens.default, older versions at top level
  const t = rc.tokens?.default || rc.token || rc;
  const oauth = rc.oauth2ClientSettings || {};
  return {
    refresh_token: t.refresh_token,
    client_id: t.client_id || oauth.clientId,
    client_secret: t.client_secret || oauth.clientSecret,
  };
}

async function accessToken() {
  const c = claspCredentials();
  if (!c.refresh_token) throw new Error('no refresh token in ~/.clasprc.json');
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    body: new URLSearchParams({ ...c, grant_type: 'refresh_token' }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`token refresh failed: ${json.error || res.status}`);
  return json.access_token;
}

class ScriptApi {
  constructor(token, scriptId) {
    this.token = token;
    this.scriptId = scriptId;
  }

  async call(method, p, body) {
    const res = await fetch(`${API}/projects/${this.scriptId}${p}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.error?.message || ''}`);
    return json;
  }

  async deployments() {
    const out = [];
    let pageToken;
    do {
      const q = pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : '';
      const page = await this.call('GET', `/deployments${q}`);
      out.push(...(page.deployments || []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return out;
  }

  createVersion(description) {
    return this.call('POST', '/versions', { description });
  }

  updateDeployment(id, versionNumber, description) {
    return this.call('PUT', `/deployments/${id}`, {
      deploymentConfig: { scriptId: this.scriptId, versionNumber, manifestFileName: 'appsscript', description },
    });
  }
}

function environments() {
  const envs = readJson(ENV_FILE);
  for (const [name, e] of Object.entries(envs)) {
    if (!/^AKfy[\w-]{20,}$/.test(e.deploymentId || '')) throw new Error(`bad deploymentId for ${name}`);
  }
  return envs;
}

function record(entry) {
  fs.appendFileSync(HISTORY, JSON.stringify({ at: new Date().toISOString(), user: os.userInfo().username, ...entry }) + '\n');
}

async function cmdList(api, envs) {
  const byId = Object.fromEntries(Object.entries(envs).map(([k, v]) => [v.deploymentId, k]));
  for (const d of await api.deployments()) {
    const cfg = d.deploymentConfig || {};
    const env = byId[d.deploymentId] || '-';
    console.log(`${env.padEnd(11)} v${String(cfg.versionNumber ?? 'HEAD').padEnd(5)} ${d.deploymentId.slice(0, 18)}… ${cfg.description || ''}`);
  }
}

async function cmdVersion(api, message) {
  if (!message) throw new Error('version needs a description');
  const v = await api.createVersion(message);
  console.log(`created version ${v.versionNumber}`);
  record({ action: 'version', version: v.versionNumber, message });
}

async function cmdPromote(api, envs, envName, version, flags) {
  const env = envs[envName];
  if (!env) throw new Error(`unknown environment ${envName}; have ${Object.keys(envs).join(', ')}`);
  const n = Number(version);
  if (!Number.isInteger(n) || n < 1) throw new Error('version must be a positive integer');
  if (env.protected) {
    if (!flags.has('--prod')) throw new Error(`${envName} is protected: pass --prod`);
    if (process.env.CONFIRM_PROD !== 'yes') throw new Error('set CONFIRM_PROD=yes to promote to a protected environment');
  }
  const desc = `${envName} v${n} (${new Date().toISOString().slice(0, 10)})`;
  if (flags.has('--dry-run')) {
    console.log(`[dry-run] would point ${envName} (${env.deploymentId.slice(0, 12)}…) at v${n}`);
    return;
  }
  await api.updateDeployment(env.deploymentId, n, desc);
  console.log(`${envName} now serves version ${n}`);
  record({ action: 'promote', env: envName, version: n });
}

function cmdHistory(limit = 15) {
  if (!fs.existsSync(HISTORY)) {
    console.log('no deploy history yet');
    return;
  }
  const lines = fs.readFileSync(HISTORY, 'utf8').trim().split('\n').slice(-limit);
  for (const line of lines) {
    const e = JSON.parse(line);
    const what = e.action === 'promote' ? `${e.env} -> v${e.version}` : `v${e.version} "${e.message}"`;
    console.log(`${e.at.slice(0, 16).replace('T', ' ')}  ${e.user.padEnd(10)} ${e.action.padEnd(8)} ${what}`);
  }
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'history') return cmdHistory();
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const args = rest.filter((a) => !a.startsWith('--'));
  const { scriptId } = readJson(CLASP_JSON);
  const envs = environments();
  const api = new ScriptApi(await accessToken(), scriptId);
  switch (cmd) {
    case 'list':
      return cmdList(api, envs);
    case 'version':
      return cmdVersion(api, args.join(' '));
    case 'promote':
      return cmdPromote(api, envs, args[0], args[1], flags);
    default:
      console.log('usage: gas-deploy.js list | version "msg" | promote <env> <version> [--prod] [--dry-run]');
      process.exitCode = 2;
  }
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
