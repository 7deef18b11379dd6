#!/usr/bin/env -S npx tsx
// apply-rule.ts - apply an ad-hoc filter rule to the DICOM index before the
// viewer test matrix is generated.  RULE can be passed inline or via a file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const INDEX = join(REPO, 'out', 'index', 'corpus.json');

const ruleSource = process.env.RULE_FILE ? readFileSync(process.env.RULE_FILE, 'utf8') : process.env.RULE ?? '';
if (!ruleSource) {
  console.error('set RULE="<js expression over series>" or RULE_FILE=path');
  process.exit(2);
}

const keep = new Function('series', `return (${ruleSource});`) as (s: unknown) => boolean;
const index = JSON.parse(readFileSync(INDEX, 'utf8')) as { studies: { series: unknown[] }[] };
let kept = 0;
for (const study of index.studies) {
  study.series = study.series.filter((s) => keep(s));
  kept += study.series.length;
}
writeFileSync(join(REPO, 'out', 'index', 'filtered.json'), JSON.stringify(index, null, 2));
console.log(`${kept} series kept`);
