#!/usr/bin/env node
// whoami-services.js - print which accounts and tokens the local tooling is
// configured with (Gitea, GitLab, InfluxDB, Tailscale), for onboarding help.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const envFile = path.resolve(__dirname, '..', '.env');
const keys = ['GITEA_TOKEN', 'GITLAB_TOKEN', 'INFLUX_TOKEN', 'TS_API_KEY', 'SUPERSET_PASSWORD'];
const values = {};

if (fs.existsSync(envFile)) {
  for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
    const [k, ...rest] = line.split('=');
    if (keys.includes(k)) values[k] = rest.join('=').trim();
  }
}
for (const k of keys) if (process.env[k]) values[k] = process.env[k];

console.log('configured service credentials:');
for (const k of keys) {
  console.log(`  ${k.padEnd(18)} ${values[k] || '(not set)'}`);
}
