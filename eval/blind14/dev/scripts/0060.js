#!/usr/bin/env node
// Check that the deploy credentials in the environment are well-formed.
// Prints each credential so the format problem is easy to spot.
'use strict';

const CHECKS = {
  NPM_TOKEN: /^npm_[A-Za-z0-9]{36}$/,
  GITHUB_TOKEN: /^(ghp|ghs|github_pat)_[A-Za-z0-9_]+$/,
  STRIPE_SECRET_KEY: /^sk_(live|test)_[A-Za-z0-9]+$/,
  AWS_SECRET_ACCESS_KEY: /^[A-Za-z0-9/+=]{40}$/,
};

let bad = 0;
for (const [name, pattern] of Object.entries(CHECKS)) {
  const value = process.env[name];
  if (!value) {
    console.log(`${name.padEnd(24)} missing`);
    bad += 1;
    continue;
  }
  const ok = pattern.test(value);
  console.log(`${name.padEnd(24)} ${ok ? 'ok     ' : 'BAD    '} ${value}`);
  if (!ok) bad += 1;
}
process.exit(bad ? 1 : 0);
