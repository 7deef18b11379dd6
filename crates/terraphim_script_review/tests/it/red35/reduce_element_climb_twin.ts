import { rmSync } from "node:fs";
import path from "node:path";

const ARTIFACT_DIRS = ["test-results", "playwright-report", "blob-report"];

function* artifacts(): Generator<{ path: string }> {
  for (const entry of ARTIFACT_DIRS) {
    yield { path: path.join("e2e", entry) };
  }
}

const found = [...artifacts()];
const removed = found.reduce((n, a) => {
  rmSync(a.path, { recursive: true, force: true });
  return n + 1;
}, 0);
console.log(`${removed} removed`);
