#!/usr/bin/env node
// Detect import cycles between workspace packages and print the dependency
// graph. Optional flags:
//   --dot FILE   write a Graphviz file (inside the repo)
//   --fail       exit 1 when a cycle exists (for CI)
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.join(__dirname, '..');

function parseFlags(argv) {
  const flags = { dot: null, fail: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--dot':
        flags.dot = argv[++i];
        break;
      case '--fail':
        flags.fail = true;
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  if (flags.dot) {
    const resolved = path.resolve(REPO, flags.dot);
    if (!resolved.startsWith(REPO + path.sep)) throw new Error('--dot must point inside the repository');
    flags.dot = resolved;
  }
  return flags;
}

function loadGraph() {
  const graph = new Map();
  for (const area of ['packages', 'apps']) {
    const base = path.join(REPO, area);
    if (!fs.existsSync(base)) continue;
    for (const name of fs.readdirSync(base)) {
      const file = path.join(base, name, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      graph.set(pkg.name, Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
    }
  }
  for (const [name, deps] of graph) graph.set(name, deps.filter((d) => graph.has(d)));
  return graph;
}

function findCycles(graph) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const dfs = (node) => {
    state.set(node, 'active');
    stack.push(node);
    for (const dep of graph.get(node)) {
      if (state.get(dep) === 'active') cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
      else if (!state.has(dep)) dfs(dep);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) dfs(node);
  return cycles;
}

function toDot(graph, cycles) {
  const inCycle = new Set(cycles.flatMap((c) => c.slice(0, -1)));
  const lines = ['digraph workspace {', '  rankdir=LR;'];
  for (const [name, deps] of graph) {
    lines.push(`  "${name}"${inCycle.has(name) ? ' [color=red]' : ''};`);
    for (const d of deps) lines.push(`  "${name}" -> "${d}";`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

function main() {
  const flags = parseFlags(process.argv.slice(2));
  const graph = loadGraph();
  for (const [name, deps] of [...graph.entries()].sort()) {
    console.log(`${name}${deps.length ? ` -> ${deps.join(', ')}` : ''}`);
  }
  const cycles = findCycles(graph);
  console.log(`\n${graph.size} packages, ${cycles.length} cycle(s)`);
  cycles.forEach((c) => console.log(`  cycle: ${c.join(' -> ')}`));
  if (flags.dot) {
    fs.writeFileSync(flags.dot, toDot(graph, cycles));
    console.log(`graph written to ${path.relative(REPO, flags.dot)}`);
  }
  if (flags.fail && cycles.length) process.exitCode = 1;
}

main();
