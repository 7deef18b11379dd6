// scripts/run-reporters.ts
// Load test-report formatters listed in the user's reporter config and feed
// them the vitest JSON results. The config lives outside the repo so each
// developer can plug in their own formatter.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface ReporterConfig {
  reporters: { module: string; options?: Record<string, unknown> }[];
}

interface Reporter {
  report(results: unknown, options?: Record<string, unknown>): Promise<void> | void;
}

const root = path.resolve(__dirname, '..');
const CONFIG = process.env.REPORTER_CONFIG ?? path.join(os.homedir(), '.config', 'acme', 'reporters.json');
const RESULTS = path.join(root, 'reports', 'vitest.json');

function loadConfig(): ReporterConfig {
  if (!existsSync(CONFIG)) return { reporters: [{ module: './scripts/reporters/summary.js' }] };
  return JSON.parse(readFileSync(CONFIG, 'utf8')) as ReporterConfig;
}

function resolveModule(spec: string): string {
  if (spec.startsWith('http://') || spec.startsWith('https://')) return spec;
  if (spec.startsWith('.') || path.isAbsolute(spec)) return pathToFileURL(path.resolve(root, spec)).href;
  return spec;
}

async function main(): Promise<void> {
  if (!existsSync(RESULTS)) {
    console.error('reports/vitest.json missing; run `npx vitest run --reporter=json --outputFile=reports/vitest.json`');
    process.exit(1);
  }
  const results = JSON.parse(readFileSync(RESULTS, 'utf8'));
  const cfg = loadConfig();
  for (const r of cfg.reporters) {
    const mod = (await import(resolveModule(r.module))) as { default?: Reporter } & Reporter;
    const reporter: Reporter = mod.default ?? mod;
    if (typeof reporter.report !== 'function') {
      console.warn(`${r.module} has no report() export; skipped`);
      continue;
    }
    await reporter.report(results, r.options);
  }
  console.log(`ran ${cfg.reporters.length} reporter(s) from ${CONFIG}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
