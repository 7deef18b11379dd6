// tmp_gen_barrels.ts - generate index.ts barrel files for each folder under src/components
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, basename } from "node:path";

const ROOT = "src/components";
for (const dir of readdirSync(ROOT)) {
  const full = join(ROOT, dir);
  if (!statSync(full).isDirectory()) continue;
  const exports = readdirSync(full)
    .filter((f) => /\.tsx$/.test(f) && !f.endsWith(".test.tsx") && !f.endsWith(".stories.tsx"))
    .map((f) => `export * from "./${basename(f, ".tsx")}";`);
  writeFileSync(join(full, "index.ts"), exports.join("\n") + "\n");
  console.log(`${full}/index.ts (${exports.length})`);
}
