// scripts/share-fixtures.ts - make the generated API fixtures available to
// the sibling mobile app checkout and to the system-wide test data folder.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const SRC = join(process.cwd(), "test", "fixtures", "api");
const DESTINATIONS = [
  resolve(process.cwd(), "..", "mobile-app", "fixtures", "api"),
  "/usr/local/share/acme/test-fixtures",
  join(process.env.HOME ?? "", "Shared", "acme-fixtures"),
];

if (!existsSync(SRC)) {
  console.error("no fixtures yet: run pnpm gen:fixtures");
  process.exit(1);
}

for (const dest of DESTINATIONS) {
  try {
    mkdirSync(dest, { recursive: true });
    cpSync(SRC, dest, { recursive: true, force: true });
    console.log(`copied fixtures to ${dest}`);
  } catch (e) {
    console.warn(`skip ${dest}: ${(e as Error).message}`);
  }
}
