#!/usr/bin/env -S npx tsx
// Load build plugins listed in build.config.json and run their hooks in order.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface PluginRef { name: string; module?: string; inline?: string; options?: Record<string, unknown> }
interface BuildConfig { plugins: PluginRef[]; outDir: string }
type Hook = (ctx: { outDir: string; options: Record<string, unknown> }) => Promise<void> | void;

function loadConfig(file: string): BuildConfig {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  return { outDir: raw.outDir ?? 'dist', plugins: raw.plugins ?? [] };
}

async function resolvePlugin(ref: PluginRef): Promise<Hook> {
  if (ref.inline) {
    // inline plugins are source strings in the config file
    const factory = new Function('ctx', `return (async () => { ${ref.inline} })();`);
    return factory as Hook;
  }
  if (ref.module) {
    const mod = await import(resolve(ref.module));
    return (mod.default ?? mod.run) as Hook;
  }
  throw new Error(`plugin ${ref.name} has neither module nor inline code`);
}

async function main(): Promise<void> {
  const cfgPath = process.argv[2] ?? 'build.config.json';
  const cfg = loadConfig(cfgPath);
  console.log(`running ${cfg.plugins.length} plugins -> ${cfg.outDir}`);
  for (const ref of cfg.plugins) {
    const started = Date.now();
    try {
      const hook = await resolvePlugin(ref);
      await hook({ outDir: cfg.outDir, options: ref.options ?? {} });
      console.log(`  ${ref.name.padEnd(24)} ${Date.now() - started} ms`);
    } catch (e) {
      console.error(`  ${ref.name} failed: ${(e as Error).message}`);
      process.exitCode = 1;
      return;
    }
  }
  console.log('build hooks complete');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
