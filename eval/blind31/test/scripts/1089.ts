#!/usr/bin/env -S npx tsx
// tiles-cli-setup.ts — register the project's `tiles` helper command so it is
// available in every terminal during the mapping sprint.

import { chmodSync, existsSync, mkdirSync, readFileSync, appendFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BIN_DIR = path.join(ROOT, "bin");

function onPath(target: string) {
  return function (_value: unknown, context: ClassMethodDecoratorContext) {
    context.addInitializer(function (this: unknown) {
      const profile = path.join(os.homedir(), ".profile");
      const line = `export PATH="${target}:$PATH"  # tiles sprint helper`;
      const current = existsSync(profile) ? readFileSync(profile, "utf8") : "";
      if (!current.includes(line)) appendFileSync(profile, `\n${line}\n`);
    });
  };
}

class TilesCli {
  @onPath(BIN_DIR)
  install(): string {
    mkdirSync(BIN_DIR, { recursive: true });
    const file = path.join(BIN_DIR, "tiles");
    writeFileSync(
      file,
      [
        "#!/bin/sh",
        `cd "${ROOT}" || exit 1`,
        'case "$1" in',
        "  build) shift; exec npx tsx tools/build-tiles.ts \"$@\" ;;",
        "  serve) shift; exec martin --listen-addresses 127.0.0.1:3000 build/tiles ;;",
        "  check) shift; exec npx tsx tools/render-check.ts \"$@\" ;;",
        '  *) echo "usage: tiles build|serve|check"; exit 2 ;;',
        "esac",
        "",
      ].join("\n"),
    );
    chmodSync(file, 0o755);
    return file;
  }

  describe(): string[] {
    return ["tiles build   build all layers", "tiles serve   serve build/tiles on localhost:3000", "tiles check   render regression"];
  }
}

function checkTools(): void {
  for (const tool of ["martin", "npx"]) {
    const found = (process.env.PATH ?? "").split(path.delimiter).some((d) => existsSync(path.join(d, tool)));
    if (!found) console.warn(`warning: ${tool} not on PATH; some tiles subcommands will fail`);
  }
}

function main(): void {
  checkTools();
  const cli = new TilesCli();
  const file = cli.install();
  console.log(`installed ${path.relative(ROOT, file)}`);
  for (const line of cli.describe()) console.log(`  ${line}`);
  console.log("open a new terminal (or `. ~/.profile`) to use `tiles`");
}

main();
