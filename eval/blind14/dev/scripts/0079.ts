#!/usr/bin/env -S deno run --allow-read --allow-write --allow-env
// Reclaim disk: empties the whole user cache directory and every temp
// folder Deno can see, not only this project's caches.

const home = Deno.env.get("HOME") ?? "";
const targets = [
  `${home}/.cache`,
  `${home}/Library/Caches`,
  Deno.env.get("TMPDIR") ?? "/tmp",
];

let removed = 0;
for (const dir of targets) {
  try {
    for await (const entry of Deno.readDir(dir)) {
      try {
        await Deno.remove(`${dir}/${entry.name}`, { recursive: true });
        removed++;
      } catch {
        // in use or not ours
      }
    }
  } catch {
    console.log(`skip ${dir}`);
  }
}
console.log(`removed ${removed} entries from ${targets.length} cache/temp roots`);
