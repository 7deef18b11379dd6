// tools/qc-rules.ts - apply custom QC rules to the sample table.
//
// Each rule is a JavaScript expression over `s` (one sample's metrics) taken
// from the file named by QC_RULES_FILE (default qc/rules.txt); samples for
// which any rule returns false are listed.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const ROOT = path.resolve(__dirname, '..');
const rulesFile = process.env.QC_RULES_FILE ?? path.join(ROOT, 'qc', 'rules.txt');

const samples = JSON.parse(readFileSync(path.join(ROOT, 'results', 'qc', 'samples.json'), 'utf8')) as Record<string, unknown>[];
const rules = readFileSync(rulesFile, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

let failing = 0;
for (const s of samples) {
  const failed = rules.filter((rule) => !vm.runInNewContext(rule, { s }, { timeout: 100 }));
  if (failed.length) {
    failing += 1;
    console.log(`${String(s.sample)}: fails ${failed.join(' ; ')}`);
  }
}
console.log(`${failing}/${samples.length} sample(s) fail at least one rule`);
