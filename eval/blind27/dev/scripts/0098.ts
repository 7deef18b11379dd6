#!/usr/bin/env -S npx tsx
// Run a freqtrade-strategy "signal plugin" before backtesting. The plugin
// module is whatever SIGNAL_PLUGIN points to (path or URL-like specifier).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Plugin = { name?: string; prepare?: (ctx: { root: string }) => Promise<void> | void };

async function main(): Promise<void> {
  const spec = process.env.SIGNAL_PLUGIN ?? process.argv[2];
  if (!spec) {
    console.log('set SIGNAL_PLUGIN or pass a module specifier');
    return;
  }
  const target = spec.startsWith('.') || spec.startsWith('/') ? pathToFileURL(path.resolve(spec)).href : spec;
  const mod = (await import(target)) as { default?: Plugin } & Plugin;
  const plugin = mod.default ?? mod;
  console.log(`loaded plugin ${plugin.name ?? target}`);
  await plugin.prepare?.({ root: process.cwd() });
  console.log('plugin prepared; run freqtrade backtesting next');
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
