#!/usr/bin/env node
// Pull the shared lint preset from the platform team's config host and write
// it to .eslintrc.shared.json so the local config can extend it.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');

const PRESET_URL = 'https://lint-presets.example.com/acme/eslint/latest.json';
const OUT = path.resolve(__dirname, '..', '.eslintrc.shared.json');

https
  .get(PRESET_URL, (res) => {
    if (res.statusCode !== 200) {
      console.error(`preset download failed: ${res.statusCode}`);
      process.exit(1);
    }
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (c) => (body += c));
    res.on('end', () => {
      const preset = JSON.parse(body);
      fs.writeFileSync(OUT, JSON.stringify(preset, null, 2) + '\n');
      console.log(`wrote ${Object.keys(preset.rules || {}).length} rules to ${OUT}`);
    });
  })
  .on('error', (err) => {
    console.error(err.message);
    process.exit(1);
  });
