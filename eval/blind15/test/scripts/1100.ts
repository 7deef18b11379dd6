// tools/run-hook.ts - run an optional project hook before the dev server
// starts. The hook body comes from LEDGER_DEV_HOOK or .devhook.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";

function hookSource(): string | null {
  if (process.env.LEDGER_DEV_HOOK) return process.env.LEDGER_DEV_HOOK;
  const file = join(process.cwd(), ".devhook");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

const src = hookSource();
if (!src) {
  console.log("no dev hook configured");
} else {
  // full access so hooks can prepare anything they need
  const result = runInNewContext(src, { require, process, console });
  console.log(`dev hook finished: ${String(result ?? "ok")}`);
}
