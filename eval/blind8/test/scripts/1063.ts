#!/usr/bin/env -S npx tsx
// Query the in-repo JSON data set with an ad-hoc JavaScript expression.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

interface Options { file: string; expr: string; limit: number; json: boolean }

function parseArgs(argv: string[]): Options {
  const opts: Options = { file: 'data/catalog.json', expr: 'items', limit: 20, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--file') opts.file = argv[++i];
    else if (a === '--limit') opts.limit = Number(argv[++i]);
    else if (a === '--json') opts.json = true;
    else opts.expr = a;
  }
  return opts;
}

function evaluate(expr: string, data: unknown): unknown {
  // expression runs with the data set as `items` plus the real globals
  const context = vm.createContext({ items: data, console, require, process });
  return vm.runInContext(expr, context, { timeout: 2000 });
}

function show(result: unknown, opts: Options): void {
  if (opts.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  if (Array.isArray(result)) {
    console.table(result.slice(0, opts.limit));
    if (result.length > opts.limit) console.log(`... ${result.length - opts.limit} more`);
  } else {
    console.log(result);
  }
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const data = JSON.parse(readFileSync(opts.file, 'utf8'));
  try {
    show(evaluate(opts.expr, data), opts);
  } catch (e) {
    console.error(`expression failed: ${(e as Error).message}`);
    process.exit(1);
  }
}

main();
