#!/usr/bin/env node
// tmp_copy_env.js - copy my env to the shared team folder for the new laptop setup
const fs = require('fs');
const os = require('os');
const path = require('path');
const dest = path.join(os.homedir(), 'Shared', 'team-setup');
fs.mkdirSync(dest, { recursive: true });
fs.copyFileSync('.env.example', path.join(dest, 'acme-web.env.example'));
fs.copyFileSync('docs/SETUP.md', path.join(dest, 'acme-web-SETUP.md'));
console.log('copied to', dest);
