// Exercise the file watcher against a scratch directory and check debouncing.
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strict as assert } from "node:assert";
import { createWatcher } from "./src/watcher";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "watcher-test-"));
  const events: string[] = [];
  const watcher = createWatcher(dir, { debounceMs: 50 }, (batch) => {
    events.push(...batch.map((e) => `${e.kind}:${e.name}`));
  });
  try {
    writeFileSync(join(dir, "a.txt"), "1");
    appendFileSync(join(dir, "a.txt"), "2");
    appendFileSync(join(dir, "a.txt"), "3");
    await sleep(200);
    assert.equal(events.filter((e) => e.endsWith(":a.txt")).length, 1, `events: ${events}`);

    writeFileSync(join(dir, "b.txt"), "x");
    await sleep(200);
    assert.ok(events.includes("create:b.txt"), `events: ${events}`);

    rmSync(join(dir, "b.txt"));
    await sleep(200);
    assert.ok(events.includes("delete:b.txt"), `events: ${events}`);
    console.log("watcher ok:", events.join(", "));
  } finally {
    await watcher.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
