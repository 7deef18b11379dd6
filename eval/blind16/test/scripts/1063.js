#!/usr/bin/env node
// Load the reviewer-provided plugins listed in plugins.json and run them over
// the Storybook stories (naming and prop-table checks).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');

async function main() {
  const listFile = process.argv[2] || path.join(WS, 'plugins.json');
  const plugins = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  const stories = fs
    .readdirSync(path.join(WS, 'packages', 'ui', 'src'), { recursive: true })
    .filter((f) => String(f).endsWith('.stories.tsx'));
  for (const spec of plugins) {
    const mod = await import(spec.location);
    const problems = await mod.default(stories, { root: WS });
    console.log(`${spec.name}: ${problems.length} problem(s)`);
    for (const p of problems) console.log(`  ${p}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
