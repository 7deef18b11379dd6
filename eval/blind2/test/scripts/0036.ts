#!/usr/bin/env -S npx tsx
// repl-eval.ts - evaluate a snippet against the app's service container for quick debugging.
//   echo 'return await ctx.users.count()' | npx tsx scripts/repl-eval.ts
import { createContainer } from "../src/container";

async function main() {
  const code = process.argv[2] ?? (await new Promise<string>((res) => {
    let buf = "";
    process.stdin.on("data", (c) => (buf += c)).on("end", () => res(buf));
  }));
  const ctx = await createContainer();
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  const result = await new AsyncFunction("ctx", "require", code)(ctx, require);
  console.dir(result, { depth: 5 });
  await ctx.close();
}

main();
