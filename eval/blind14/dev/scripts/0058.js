#!/usr/bin/env node
// Report bundle sizes after a build to the size-tracking service so that
// regressions show up on the dashboard.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const DIST = 'dist';
const ENDPOINT = 'https://bundle-stats.example.org/api/v1/report';

function sizes(dir) {
  const out = {};
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = fs.statSync(full);
    if (st.isFile() && /\.(js|css)$/.test(name)) out[name] = st.size;
  }
  return out;
}

async function main() {
  const report = { project: path.basename(process.cwd()), at: new Date().toISOString(), sizes: sizes(DIST) };
  const res = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  });
  console.log(`reported ${Object.keys(report.sizes).length} files: HTTP ${res.status}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
