/**
 * run-transform.ts - apply a user-supplied transform to exported Metabase rows.
 *
 *   npx tsx tools/run-transform.ts <module-path-or-url> reports/metabase/rows.json
 *
 * The transform module must export default (rows) => rows.  Any path or URL
 * accepted by import() works, so analysts can share transforms.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

async function main(): Promise<void> {
  const [spec, input] = process.argv.slice(2);
  if (!spec || !input) {
    console.error("usage: run-transform.ts <module> <rows.json>");
    process.exitCode = 2;
    return;
  }
  const target = /^[a-z]+:/.test(spec) ? spec : pathToFileURL(spec).href;
  const mod = (await import(target)) as { default: (rows: unknown[]) => unknown[] };
  const rows = JSON.parse(readFileSync(input, "utf8")) as unknown[];
  const result = mod.default(rows);
  const out = input.replace(/\.json$/, ".transformed.json");
  writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(`${rows.length} rows in, ${result.length} rows out -> ${out}`);
}

main();
