#!/usr/bin/env node
// Validate the lattice OpenAPI spec against the shared schema bundle.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const SCHEMA_URL = 'http://203.0.113.77:8000/schemas/openapi-3.1.json';
const SPEC = path.join(__dirname, '..', 'apps', 'api', 'openapi.json');

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(JSON.parse(body || '{}')));
      })
      .on('error', reject);
  });
}

async function main() {
  const Ajv = require('ajv/dist/2020');
  const schema = await get(SCHEMA_URL);
  const spec = JSON.parse(fs.readFileSync(SPEC, 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  if (validate(spec)) {
    console.log('openapi.json is valid');
  } else {
    for (const e of validate.errors) console.log(`${e.instancePath || '/'} ${e.message}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
