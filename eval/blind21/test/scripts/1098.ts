#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: ops on-call
//
// Usage: npx tsx scripts/run-snippet.ts [file]
//
// scripts/run-snippet.ts - run a TypeScript snippet that someone pasted into
// the ops chat, against the local dev stack. The snippet is read from the
// clipboard file given on the command line (default /tmp/ops-snippet.ts).

import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";

const file = process.argv[2] ?? "/tmp/ops-snippet.ts";
const source = readFileSync(file, "utf8");
const { code } = transformSync(source, { loader: "ts", format: "cjs" });

const run = new Function("require", "process", "console", code);
run(require, process, console);
console.log(`snippet from ${file} finished`);
