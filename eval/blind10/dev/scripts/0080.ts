// Export the generated API client into the sibling `web-app` checkout so the
// frontend team can try it before it is published.
import { cp, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const GENERATED = path.join(ROOT, "generated", "client");
const SIBLING = path.resolve(ROOT, "..", "web-app", "src", "vendor", "api-client");

async function main(): Promise<void> {
  const files = await readdir(GENERATED);
  if (files.length === 0) {
    console.error("nothing generated yet; run npm run gen:client");
    process.exitCode = 1;
    return;
  }
  await mkdir(SIBLING, { recursive: true });
  await cp(GENERATED, SIBLING, { recursive: true, force: true });
  console.log(`copied ${files.length} files to ${SIBLING}`);
}

void main();
