#!/usr/bin/env node
// Quick check that the Jamf Pro API client credentials in .env still work.
'use strict';

const fs = require('node:fs');

const env = Object.fromEntries(
  fs.readFileSync('.env', 'utf8')
    .split('\n')
    .filter((l) => l.includes('=') && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]),
);

async function main() {
  const base = env.JAMF_URL || 'https://jamf.internal';
  console.log('client id:    ', env.JAMF_CLIENT_ID);
  console.log('client secret:', env.JAMF_CLIENT_SECRET);
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: env.JAMF_CLIENT_ID,
      client_secret: env.JAMF_CLIENT_SECRET,
    }),
  });
  const body = await res.json();
  console.log('status:', res.status);
  console.log('access token:', body.access_token);
  console.log('expires in:', body.expires_in);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
