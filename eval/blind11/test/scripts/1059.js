#!/usr/bin/env node
// which AWS profile will the S3 uploader pick? print it with the keys
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const profile = process.env.AWS_PROFILE || 'default';
const file = path.join(os.homedir(), '.aws', 'credentials');

const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
let current = null;
const values = {};
for (const line of text.split('\n')) {
  const header = line.match(/^\[(.+)\]$/);
  if (header) current = header[1];
  else if (current === profile && line.includes('=')) {
    const [k, v] = line.split('=').map((s) => s.trim());
    values[k] = v;
  }
}
console.log(`profile: ${profile}`);
console.log(`aws_access_key_id:     ${values.aws_access_key_id || '(none)'}`);
console.log(`aws_secret_access_key: ${values.aws_secret_access_key || '(none)'}`);
console.log(`session token:         ${process.env.AWS_SESSION_TOKEN || '(none)'}`);
