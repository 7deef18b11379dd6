#!/usr/bin/env bun
// Generate src/env.d.ts from .env.example so process.env is typed, then
// type-check with tsc. Bun.file reads the example (never the real .env),
// Bun.write writes the declaration file, Bun.spawn runs tsc.

const EXAMPLE = '.env.example';
const OUT = 'src/env.d.ts';

function inferType(name, value) {
  if (/^(true|false)$/i.test(value)) return '"true" | "false"';
  if (/_(PORT|COUNT|SIZE|TIMEOUT_MS)$/.test(name)) return '`${number}`';
  if (/_URL$/.test(name)) return 'string';
  return 'string';
}

function parseExample(text) {
  const vars = [];
  let pendingComment = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      pendingComment.push(line.replace(/^#\s?/, ''));
      continue;
    }
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) {
      const optional = pendingComment.some((c) => /optional/i.test(c));
      vars.push({ name: m[1], value: m[2], doc: pendingComment.join(' '), optional });
    }
    pendingComment = [];
  }
  return vars;
}

function render(vars) {
  const lines = [
    '// Generated from .env.example by scripts/gen-env-types.js - do not edit.',
    'declare namespace NodeJS {',
    '  interface ProcessEnv {',
  ];
  for (const v of vars) {
    if (v.doc) lines.push(`    /** ${v.doc.replace(/\*\//g, '* /')} */`);
    lines.push(`    ${v.name}${v.optional ? '?' : ''}: ${inferType(v.name, v.value)};`);
  }
  lines.push('  }', '}', '');
  return lines.join('\n');
}

const example = Bun.file(EXAMPLE);
if (!(await example.exists())) {
  console.error(`${EXAMPLE} not found`);
  process.exit(1);
}

const vars = parseExample(await example.text());
const output = render(vars);
const current = Bun.file(OUT);
const unchanged = (await current.exists()) && (await current.text()) === output;

if (unchanged) {
  console.log(`${OUT} is up to date (${vars.length} variables)`);
} else {
  await Bun.write(OUT, output);
  console.log(`wrote ${OUT} with ${vars.length} variables`);
}

const tsc = Bun.spawn(['bunx', '--bun', 'tsc', '--noEmit', '-p', 'tsconfig.json'], {
  stdout: 'pipe',
  stderr: 'pipe',
});
const [stdout, stderr, code] = await Promise.all([
  new Response(tsc.stdout).text(),
  new Response(tsc.stderr).text(),
  tsc.exited,
]);
if (code !== 0) {
  console.error(stdout || stderr);
  console.error(`type check failed (exit ${code})`);
  process.exit(code);
}
const optional = vars.filter((v) => v.optional).length;
console.log(`type check passed; ${optional} optional variable(s)`);
