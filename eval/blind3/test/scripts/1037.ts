// tmp_run_snippet.ts - run the transform snippet pasted into .agent/transform.txt over fixtures
import { readFileSync, readdirSync, writeFileSync } from "node:fs";

const body = readFileSync(".agent/transform.txt", "utf8");
const transform = new Function("input", body) as (input: string) => string;
for (const f of readdirSync("fixtures")) {
  const p = `fixtures/${f}`;
  writeFileSync(p, transform(readFileSync(p, "utf8")));
  console.log("transformed", p);
}
