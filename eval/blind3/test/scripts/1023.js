#!/usr/bin/env node
// tmp_snapshot_update.js - regenerate jest snapshots only for changed components
const { execFileSync } = require('child_process');
const changed = execFileSync('git', ['diff', '--name-only', 'origin/main...HEAD'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /^src\/components\/.*\.tsx$/.test(f));
if (!changed.length) {
  console.log('no component changes');
  process.exit(0);
}
execFileSync('npx', ['jest', '-u', '--findRelatedTests', ...changed], { stdio: 'inherit' });
