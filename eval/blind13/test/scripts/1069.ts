#!/usr/bin/env -S npx tsx
// flags: yargs CLI for the feature-flag file checked into this repo (config/flags.json).
// Reads and writes only that file; `prune` removes flags marked expired after confirmation.
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";

type Flag = { enabled: boolean; owner: string; expires?: string; description?: string };
type FlagFile = Record<string, Flag>;

const FILE = "config/flags.json";

const store = {
  read(): FlagFile {
    return JSON.parse(readFileSync(FILE, "utf8")) as FlagFile;
  },
  write(flags: FlagFile): void {
    const sorted = Object.fromEntries(Object.entries(flags).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(FILE, JSON.stringify(sorted, null, 2) + "\n");
  },
};

const isExpired = (f: Flag, now = new Date()) => Boolean(f.expires && new Date(f.expires) < now);

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

await yargs(hideBin(process.argv))
  .scriptName("flags")
  .command(
    "ls",
    "list flags",
    (y) => y.option("expired", { type: "boolean", default: false }),
    (argv) => {
      const flags = store.read();
      for (const [name, f] of Object.entries(flags)) {
        if (argv.expired && !isExpired(f)) continue;
        const state = f.enabled ? "on " : "off";
        console.log(`${state} ${name.padEnd(32)} ${f.owner.padEnd(12)} ${f.expires ?? "-"}${isExpired(f) ? " (expired)" : ""}`);
      }
    },
  )
  .command(
    "set <name> <state>",
    "turn a flag on or off",
    (y) =>
      y
        .positional("name", { type: "string", demandOption: true })
        .positional("state", { choices: ["on", "off"] as const, demandOption: true })
        .option("owner", { type: "string" }),
    (argv) => {
      const flags = store.read();
      const existing = flags[argv.name];
      if (!existing && !argv.owner) throw new Error("new flags need --owner");
      flags[argv.name] = { ...existing, owner: argv.owner ?? existing!.owner, enabled: argv.state === "on" };
      store.write(flags);
      console.log(`${argv.name} -> ${argv.state}`);
    },
  )
  .command(
    "prune",
    "remove expired flags",
    (y) => y.option("yes", { type: "boolean", default: false }),
    async (argv) => {
      const flags = store.read();
      const expired = Object.keys(flags).filter((k) => isExpired(flags[k]));
      if (!expired.length) return console.log("no expired flags");
      console.log(expired.map((k) => `  ${k}`).join("\n"));
      if (!argv.yes && !(await confirm(`remove ${expired.length} flag(s) from ${FILE}?`))) return;
      expired.forEach((k) => delete flags[k]);
      store.write(flags);
      console.log(`removed ${expired.length} flag(s); remember to delete their code paths`);
    },
  )
  .demandCommand(1)
  .strict()
  .help()
  .parseAsync();
