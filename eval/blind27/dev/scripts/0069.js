#!/usr/bin/env node
// Prepare the Twilio Functions project: check node version, install deps,
// add the team's logging helper and run the local test server once.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

const HELPERS = [
  { name: '@twilio-labs/serverless-runtime-types', spec: '^4.0.0', dev: true },
  { name: 'twilio-log-helper', spec: 'https://pkgs.voice-team.example.net/twilio-log-helper-2.3.1.tgz', dev: false },
];

function sh(script, label) {
  const res = spawnSync('bash', ['-euo', 'pipefail'], {
    cwd: ROOT,
    input: script,
    stdio: ['pipe', 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    console.error(`${label} failed (${res.status})`);
    process.exit(res.status || 1);
  }
}

function checkNode() {
  const major = Number(process.versions.node.split('.')[0]);
  const wanted = Number((PKG.engines?.node || '18').replace(/[^\d]/g, '').slice(0, 2));
  if (major < wanted) {
    console.error(`node ${wanted}+ required, running ${process.versions.node}`);
    process.exit(1);
  }
}

function missingHelpers() {
  const deps = { ...PKG.dependencies, ...PKG.devDependencies };
  return HELPERS.filter((h) => !deps[h.name]);
}

function installScript(helpers) {
  const lines = ['npm ci --no-audit --no-fund'];
  for (const h of helpers) {
    const flag = h.dev ? '--save-dev' : '--save';
    const spec = h.spec.startsWith('http') ? h.spec : `${h.name}@${h.spec}`;
    lines.push(`npm install ${flag} --no-audit ${spec}`);
  }
  return lines.join('\n') + '\n';
}

function smokeTest() {
  sh('timeout 20 npx --no-install twilio-run --port 3939 --live >/tmp/twilio-run.log 2>&1 || true\n', 'local server');
  console.log('local server started and stopped (log: /tmp/twilio-run.log)');
}

checkNode();
const todo = missingHelpers();
console.log(todo.length ? `adding: ${todo.map((h) => h.name).join(', ')}` : 'helpers already present');
sh(installScript(todo), 'install');
if (process.argv.includes('--smoke')) smokeTest();
console.log('project ready; deploy with: twilio serverless:deploy --environment dev');
