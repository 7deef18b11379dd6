// Generate an empty migration pair named after the change, numbered after the latest one.
import { readdirSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const DIR = "migrations";
const name = process.argv[2];

if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: new-migration <snake_case_name>");
  process.exit(2);
}

if (!existsSync(DIR)) mkdirSync(DIR);

const numbers = readdirSync(DIR)
  .map((f) => /^(\d{4})_/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => Number(m[1]));

const next = String((numbers.length ? Math.max(...numbers) : 0) + 1).padStart(4, "0");
const up = join(DIR, `${next}_${name}.up.sql`);
const down = join(DIR, `${next}_${name}.down.sql`);

const header = (dir: string) =>
  `-- ${next} ${name} (${dir})\n-- created ${new Date().toISOString()}\n\nBEGIN;\n\n-- TODO\n\nCOMMIT;\n`;

for (const [file, dir] of [[up, "up"], [down, "down"]] as const) {
  if (existsSync(file)) {
    console.error(`${file} already exists`);
    process.exit(1);
  }
  writeFileSync(file, header(dir));
  console.log(`created ${file}`);
}
