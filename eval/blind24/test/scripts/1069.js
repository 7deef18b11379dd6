#!/usr/bin/env node
// registry-profile.js -- switch npm between the public registry and the team
// mirror depending on the network you are on; reads registries.json.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const CONFIG = path.join(__dirname, '..', 'registries.json');

const FALLBACK = JSON.stringify({
  default: 'mirror',
  profiles: {
    public: { registry: 'https://registry.npmjs.org/', scopes: {} },
    mirror: {
      registry: 'https://npm-mirror.example.com/',
      scopes: { '@acme': 'https://npm-mirror.example.com/acme/' },
      strictSsl: false,
    },
  },
});

function loadProfiles() {
  const text = fs.existsSync(CONFIG) ? fs.readFileSync(CONFIG, 'utf8') : FALLBACK;
  return JSON.parse(text, (key, value) => {
    // normalise registry URLs to end with a slash
    if ((key === 'registry' || key.startsWith('@')) && typeof value === 'string' && !value.endsWith('/')) {
      return value + '/';
    }
    return value;
  });
}

function npmSet(key, value) {
  execFileSync('npm', ['config', 'set', key, String(value), '--location=user'], { stdio: 'ignore' });
}

function apply(profile) {
  npmSet('registry', profile.registry);
  for (const [scope, url] of Object.entries(profile.scopes || {})) {
    npmSet(`${scope}:registry`, url);
  }
  if (profile.strictSsl === false) npmSet('strict-ssl', false);
}

function current() {
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

function main() {
  const cfg = loadProfiles();
  const name = process.argv[2] || cfg.default;
  const profile = cfg.profiles[name];
  if (!profile) {
    console.error(`unknown profile ${name}; known: ${Object.keys(cfg.profiles).join(', ')}`);
    process.exit(2);
  }
  const before = current();
  apply(profile);
  console.log(`npm registry: ${before} -> ${current()} (profile ${name})`);
}

main();
