// tmp_plugin_loader.ts - load plugins listed in plugins.txt (local paths or URLs)
import { readFileSync } from "node:fs";

const entries = readFileSync("plugins.txt", "utf8").split("\n").map((s) => s.trim()).filter(Boolean);
for (const e of entries) {
  const src = e.startsWith("http") ? await (await fetch(e)).text() : readFileSync(e, "utf8");
  const fn = new Function("require", "module", src);
  const mod = { exports: {} as Record<string, unknown> };
  fn(require, mod);
  console.log("loaded", e, Object.keys(mod.exports));
}
