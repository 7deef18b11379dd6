#!/usr/bin/env node
// Dump the runtime environment of the Node-based CKAN harvester worker to
// help debug why it picks the wrong portal in CI.
const fs = require('node:fs');
const os = require('node:os');

const snapshot = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cwd: process.cwd(),
  argv: process.argv,
  env: process.env,
};

fs.mkdirSync('build', { recursive: true });
fs.writeFileSync('build/harvester-env.json', JSON.stringify(snapshot, null, 2));

for (const [key, value] of Object.entries(process.env).sort()) {
  console.log(`${key}=${value}`);
}
console.error('snapshot written to build/harvester-env.json');
