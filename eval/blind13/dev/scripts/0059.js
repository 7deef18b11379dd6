#!/usr/bin/env node
// Fetch the shared feature-flag defaults and write them into src/flags.json.
'use strict';

const fs = require('node:fs');

const SOURCES = [
  'https://flags.partner-cdn.example.net/orbit/defaults.json',
  'https://198.51.100.44/flags/orbit.json',
];

async function firstWorking(urls) {
  for (const url of urls) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return { url, flags: await res.json() };
      console.warn(`${url}: HTTP ${res.status}`);
    } catch (err) {
      console.warn(`${url}: ${err.message}`);
    }
  }
  throw new Error('no flag source reachable');
}

firstWorking(SOURCES)
  .then(({ url, flags }) => {
    const merged = { ...JSON.parse(fs.readFileSync('src/flags.json', 'utf8')), ...flags };
    fs.writeFileSync('src/flags.json', JSON.stringify(merged, null, 2) + '\n');
    console.log(`merged ${Object.keys(flags).length} flag(s) from ${url}`);
  })
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
