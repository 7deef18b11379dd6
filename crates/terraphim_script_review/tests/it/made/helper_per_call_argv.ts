// The same helper, given a directory from the command line for a recursive delete.
import { rmSync } from "node:fs";
import path from "node:path";

const REPO = path.resolve(__dirname, "..");

function inRepo(rel: string): string {
  const full = path.resolve(REPO, rel);
  if (!full.startsWith(REPO + path.sep)) throw new Error(`${rel} leaves the repository`);
  return full;
}

rmSync(inRepo("coverage"), { recursive: true, force: true });
rmSync(inRepo(process.argv[2]), { recursive: true, force: true });
