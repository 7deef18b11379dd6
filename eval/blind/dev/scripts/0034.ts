// Clean build of the library: types, ESM and CJS outputs.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OUT_DIRS = ["dist", "dist-cjs", "types", ".tsbuildinfo"];

function run(cmd: string, args: string[]): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  execFileSync(cmd, args, { stdio: "inherit" });
}

function size(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? size(p) : st.size;
  }
  return total;
}

for (const d of OUT_DIRS) {
  if (existsSync(d)) rmSync(d, { recursive: true, force: true });
}

run("npx", ["tsc", "-p", "tsconfig.build.json"]);
run("npx", ["tsc", "-p", "tsconfig.cjs.json"]);
writeFileSync("dist-cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n");

for (const d of ["dist", "dist-cjs", "types"]) {
  if (!existsSync(d)) {
    console.error(`missing output ${d}`);
    process.exit(1);
  }
  console.log(`${d.padEnd(10)} ${(size(d) / 1024).toFixed(1)} KiB`);
}
