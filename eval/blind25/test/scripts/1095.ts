// tools/load-plugins.ts - load the map-style linter plugins configured for this repo.
//
// Plugins are listed in lint-plugins.json either as local files under
// tools/plugins/ or as "remote" entries that are fetched into .cache/plugins
// and imported from there.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'plugins');

interface PluginRef {
  name: string;
  local?: string;
  remote?: string;
}

interface LintPlugin {
  name: string;
  check(style: unknown): string[];
}

function refs(): PluginRef[] {
  return JSON.parse(readFileSync(path.join(ROOT, 'lint-plugins.json'), 'utf8')) as PluginRef[];
}

async function* resolvePlugins(list: PluginRef[]): AsyncGenerator<string> {
  for (const ref of list) {
    if (ref.local) {
      yield path.join(ROOT, 'tools', 'plugins', path.basename(ref.local));
      continue;
    }
    if (ref.remote) {
      mkdirSync(CACHE, { recursive: true });
      const target = path.join(CACHE, `${ref.name}.mjs`);
      const res = await fetch(ref.remote);
      if (!res.ok) continue;
      writeFileSync(target, await res.text());
      yield target;
    }
  }
}

async function loadAll(): Promise<LintPlugin[]> {
  const plugins: LintPlugin[] = [];
  for await (const file of resolvePlugins(refs())) {
    const mod = (await import(pathToFileURL(file).href)) as { default?: LintPlugin };
    if (mod.default?.check) plugins.push(mod.default);
  }
  return plugins;
}

async function main(): Promise<void> {
  const stylePath = path.join(ROOT, 'public', 'style.json');
  if (!existsSync(stylePath)) throw new Error('build the style first');
  const style = JSON.parse(readFileSync(stylePath, 'utf8')) as unknown;
  const plugins = await loadAll();
  let problems = 0;
  for (const p of plugins) {
    const out = p.check(style);
    problems += out.length;
    out.forEach((msg) => console.log(`${p.name}: ${msg}`));
  }
  console.log(`${plugins.length} plugin(s), ${problems} problem(s)`);
  process.exitCode = problems ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`load-plugins: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
