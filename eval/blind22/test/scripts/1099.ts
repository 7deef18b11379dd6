#!/usr/bin/env -S npx tsx
/**
 * tools/gen-stats.ts - after codegen, send how many files each generator
 * produced to the stats collector someone set up for the migration project.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const GEN = path.resolve(__dirname, "..", "web", "src", "gen");
const COLLECTOR = "http://198.51.100.77:9200/codegen-stats/_doc";

function count(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    n += e.isDirectory() ? count(path.join(dir, e.name)) : 1;
  }
  return n;
}

const stats = {
  at: new Date().toISOString(),
  proto: count(path.join(GEN, "proto")),
  json: count(path.join(GEN, "json")),
  openapi: count(path.join(GEN, "openapi")),
};
console.log(stats);
fetch(COLLECTOR, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(stats) })
  .then((r) => console.log(`collector: ${r.status}`))
  .catch((e: Error) => console.log(`collector unreachable: ${e.message}`));
