#!/usr/bin/env -S npx tsx
// Quick data-fix REPL for the local fixtures: evaluate an expression against each record.
import { readFileSync, writeFileSync } from "node:fs";

type Row = Record<string, unknown>;

const FILE = process.env.FIXTURE_FILE ?? "fixtures/berths.json";
const expression = process.argv.slice(2).join(" ");

if (!expression) {
  console.error('usage: datafix "<js expression using row>"   e.g. "row.length_m = Number(row.length_m)"');
  process.exit(2);
}

const rows = JSON.parse(readFileSync(FILE, "utf8")) as Row[];
const apply = new Function("row", "index", `${expression}; return row;`) as (row: Row, index: number) => Row;

const updated = rows.map((row, index) => apply({ ...row }, index));
const changed = updated.filter((row, i) => JSON.stringify(row) !== JSON.stringify(rows[i])).length;

writeFileSync(FILE, JSON.stringify(updated, null, 2) + "\n");
console.log(`${changed}/${rows.length} row(s) changed in ${FILE}`);
