#!/usr/bin/env node
// Verify the Notion and Airtable integration tokens in .env actually work.
'use strict';

const fs = require('fs');
const path = require('path');

const env = Object.fromEntries(
  fs
    .readFileSync(path.join(__dirname, '..', '.env'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]),
);

async function check(name, url, token, extra = {}) {
  console.log(`${name} token: ${token}`);
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, ...extra } });
  console.log(`${name}: HTTP ${res.status}`);
}

(async () => {
  await check('notion', 'https://api.notion.com/v1/users/me', env.NOTION_TOKEN, { 'Notion-Version': '2022-06-28' });
  await check('airtable', 'https://api.airtable.com/v0/meta/whoami', env.AIRTABLE_TOKEN);
})();
