#!/usr/bin/env node
// Audit the clients of the local Keycloak dev realm against our security baseline.
//
//   node tools/kc-client-audit.js [--realm dev] [--fix-dev] [--json build/kc-audit.json]
//
// Talks to the Keycloak admin REST API of the developer's own server only
// (KEYCLOAK_URL must be http://localhost:<port> or http://127.0.0.1:<port>).
// Checks per client: wildcard redirect URIs, http redirect URIs outside localhost,
// implicit flow, direct access grants on public clients, missing PKCE, long-lived
// tokens. Client secrets are never printed; they are masked with mask().
// --fix-dev applies the safe fixes (PKCE S256, disable implicit flow) on the local
// dev server so the realm export can be regenerated from it.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const ALLOWED_HOSTS = new Set(['localhost', '127.0.0.1']);

function dotenv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const env = { ...dotenv(), ...process.env };
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};

const SERVER = (env.KEYCLOAK_URL || 'http://localhost:8080').replace(/\/$/, '');
const REALM = option('--realm', 'dev');

function mask(secret) {
  if (!secret) return '';
  return secret.length <= 6 ? '******' : `${secret.slice(0, 3)}…${secret.slice(-2)}`;
}

function assertLocal(url) {
  const { hostname, protocol } = new URL(url);
  if (protocol !== 'http:' || !ALLOWED_HOSTS.has(hostname)) {
    throw new Error(`refusing to audit ${url}: only the local dev Keycloak is allowed`);
  }
}

async function token() {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: 'admin-cli',
    username: env.KEYCLOAK_ADMIN || 'admin',
    password: env.KEYCLOAK_ADMIN_PASSWORD || '',
  });
  const res = await fetch(`${SERVER}/realms/master/protocol/openid-connect/token`, { method: 'POST', body });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return (await res.json()).access_token;
}

function adminClient(accessToken) {
  const base = `${SERVER}/admin/realms/${encodeURIComponent(REALM)}`;
  const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };
  return {
    async get(p) {
      const res = await fetch(base + p, { headers });
      if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
      return res.json();
    },
    async put(p, body) {
      const res = await fetch(base + p, { method: 'PUT', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`PUT ${p}: ${res.status} ${await res.text()}`);
    },
  };
}

const RULES = [
  {
    id: 'wildcard-redirect',
    severity: 'high',
    test: (c) => (c.redirectUris || []).some((u) => u === '*' || /\*$/.test(u) && !/^http:\/\/localhost/.test(u)),
    message: 'redirect URI ends in a wildcard',
  },
  {
    id: 'http-redirect',
    severity: 'high',
    test: (c) => (c.redirectUris || []).some((u) => u.startsWith('http://') && !/^http:\/\/(localhost|127\.0\.0\.1)/.test(u)),
    message: 'plain http redirect URI outside localhost',
  },
  {
    id: 'implicit-flow',
    severity: 'medium',
    test: (c) => c.implicitFlowEnabled === true,
    message: 'implicit flow enabled',
    fix: (c) => ({ ...c, implicitFlowEnabled: false }),
  },
  {
    id: 'public-direct-grant',
    severity: 'medium',
    test: (c) => c.publicClient && c.directAccessGrantsEnabled,
    message: 'public client allows the password grant',
  },
  {
    id: 'no-pkce',
    severity: 'medium',
    test: (c) => c.publicClient && c.standardFlowEnabled && c.attributes?.['pkce.code.challenge.method'] !== 'S256',
    message: 'public client without PKCE S256',
    fix: (c) => ({ ...c, attributes: { ...c.attributes, 'pkce.code.challenge.method': 'S256' } }),
  },
  {
    id: 'long-access-token',
    severity: 'low',
    test: (c) => Number(c.attributes?.['access.token.lifespan'] || 0) > 3600,
    message: 'access token lifespan above one hour',
  },
];

const BUILTIN = new Set(['account', 'account-console', 'admin-cli', 'broker', 'realm-management', 'security-admin-console']);

function audit(clients) {
  const findings = [];
  for (const c of clients) {
    if (BUILTIN.has(c.clientId)) continue;
    for (const rule of RULES) {
      if (rule.test(c)) {
        findings.push({ client: c.clientId, id: c.id, rule: rule.id, severity: rule.severity, message: rule.message, fixable: Boolean(rule.fix) });
      }
    }
  }
  return findings;
}

async function applyFixes(api, clients, findings) {
  let fixed = 0;
  for (const c of clients) {
    const mine = findings.filter((f) => f.id === c.id && f.fixable);
    if (!mine.length) continue;
    let updated = c;
    for (const f of mine) updated = RULES.find((r) => r.id === f.rule).fix(updated);
    await api.put(`/clients/${c.id}`, updated);
    console.error(`fixed ${mine.map((f) => f.rule).join(', ')} on ${c.clientId}`);
    fixed += mine.length;
  }
  return fixed;
}

function printTable(clients, findings) {
  const bySeverity = { high: 0, medium: 0, low: 0 };
  for (const f of findings) bySeverity[f.severity]++;
  console.log(`realm ${REALM}: ${clients.length} clients, ${findings.length} finding(s) ` +
    `(high ${bySeverity.high}, medium ${bySeverity.medium}, low ${bySeverity.low})`);
  for (const f of findings.sort((a, b) => a.severity.localeCompare(b.severity))) {
    console.log(`  [${f.severity.padEnd(6)}] ${f.client.padEnd(28)} ${f.message}`);
  }
  const confidential = clients.filter((c) => !c.publicClient && !BUILTIN.has(c.clientId));
  if (confidential.length) {
    console.log('\nconfidential clients (secrets masked):');
    for (const c of confidential) console.log(`  ${c.clientId.padEnd(28)} secret ${mask(c.secret)}`);
  }
}

async function main() {
  assertLocal(SERVER);
  const api = adminClient(await token());
  const clients = await api.get('/clients');
  let findings = audit(clients);
  printTable(clients, findings);
  if (flag('--fix-dev')) {
    const n = await applyFixes(api, clients, findings);
    console.error(`${n} fix(es) applied on ${SERVER}; re-export the realm to keep them`);
    findings = audit(await api.get('/clients'));
  }
  const jsonPath = option('--json');
  if (jsonPath) {
    const out = path.resolve(ROOT, jsonPath);
    fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o755 });
    fs.writeFileSync(out, JSON.stringify({ realm: REALM, server: SERVER, findings }, null, 2));
    console.error(`wrote ${path.relative(ROOT, out)}`);
  }
  process.exitCode = findings.some((f) => f.severity === 'high') ? 1 : 0;
}

main().catch((err) => {
  console.error(`kc-client-audit: ${err.message}`);
  process.exit(2);
});
