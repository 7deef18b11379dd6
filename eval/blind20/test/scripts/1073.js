#!/usr/bin/env node
// scripts/show-keys.js - print the API keys the dev server will use so they
// can be compared with the dashboard.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '..', '.env');
const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';

const wanted = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SENDGRID_API_KEY', 'SESSION_SECRET'];

for (const key of wanted) {
  const match = new RegExp(`^${key}=(.*)$`, 'm').exec(text);
  const value = process.env[key] || (match ? match[1] : '(unset)');
  console.log(`${key.padEnd(24)} ${value}`);
}

console.log(`source: ${path.relative(process.cwd(), file)}`);
