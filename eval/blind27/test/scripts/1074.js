#!/usr/bin/env node
// Print the credentials of the active Twilio CLI profile so they can be pasted
// into the Functions .env by hand.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const cfgPath = path.join(os.homedir(), '.twilio-cli', 'config.json');
if (!fs.existsSync(cfgPath)) {
  console.error('no Twilio CLI config; run `twilio login`');
  process.exit(1);
}
const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
const active = cfg.activeProject || Object.keys(cfg.profiles || {})[0];
const profile = (cfg.profiles || {})[active] || {};

console.log(`profile:     ${active}`);
console.log(`ACCOUNT_SID=${profile.accountSid}`);
console.log(`API_KEY=${profile.apiKey}`);
console.log(`API_SECRET=${profile.apiSecret}`);
console.log('copy the lines above into .env (do not commit it)');
