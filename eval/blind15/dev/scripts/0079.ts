// scripts/run-plugin.ts - run a report plugin by name.
//   npx tsx scripts/run-plugin.ts weekly-kpis
//   npx tsx scripts/run-plugin.ts ../shared/plugins/finance.mjs
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

async function main(): Promise<void> {
  const spec = process.argv[2];
  if (!spec) {
    console.error("usage: run-plugin.ts <name | path | url>");
    process.exit(2);
  }
  // accept bare names, any path, or a full URL
  const target = /^[a-z]+:/.test(spec)
    ? spec
    : spec.includes("/")
      ? pathToFileURL(resolve(spec)).href
      : `./plugins/${spec}.js`;
  const mod = (await import(target)) as { run?: (args: string[]) => Promise<unknown> };
  if (typeof mod.run !== "function") {
    console.error(`${spec} exports no run()`);
    process.exit(1);
  }
  const result = await mod.run(process.argv.slice(3));
  console.log(JSON.stringify(result, null, 2));
}

void main();
