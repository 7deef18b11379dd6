#!/usr/bin/env -S npx tsx
// Dependency graph and upgrade order for the custom Odoo addons.
//
//   npx tsx tools/addon-graph.ts                     # text report
//   npx tsx tools/addon-graph.ts --dot build/addons.dot --mermaid docs/addons.md
//   npx tsx tools/addon-graph.ts --changed-since origin/main   # what to -u after a merge
//
// Manifests (__manifest__.py) are Python dict literals; they are parsed with a
// small tokenizer for the keys we need (name, version, depends, auto_install,
// installable) – nothing is evaluated.  Core modules (not found under the
// addon paths of odoo.conf) appear as leaves.  `--changed-since REF` lists the
// addons touched since REF plus every addon depending on them, in a valid
// `-u` order, and prints the odoo-bin command for the dev database.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

interface Manifest {
  name: string;
  technical: string;
  version: string;
  depends: string[];
  autoInstall: boolean;
  installable: boolean;
  dir: string;
}

const ROOT = path.resolve(__dirname, "..");

function addonPaths(): string[] {
  const conf = path.join(ROOT, "odoo.conf");
  if (!existsSync(conf)) return [path.join(ROOT, "addons")];
  const line = readFileSync(conf, "utf8").split("\n").find((l) => /^\s*addons_path\s*=/.test(l));
  if (!line) return [path.join(ROOT, "addons")];
  return line
    .split("=")[1]
    .split(",")
    .map((p) => path.resolve(ROOT, p.trim()))
    .filter((p) => p.startsWith(ROOT) && existsSync(p));
}

function literalValue(source: string, key: string): string | undefined {
  const re = new RegExp(`["']${key}["']\\s*:\\s*`, "m");
  const m = re.exec(source);
  if (!m) return undefined;
  let i = m.index + m[0].length;
  const open = source[i];
  if (open === "[") {
    let depth = 0;
    const start = i;
    for (; i < source.length; i++) {
      if (source[i] === "[") depth++;
      if (source[i] === "]" && --depth === 0) return source.slice(start, i + 1);
    }
    return undefined;
  }
  const end = source.slice(i).search(/[,\n}]/);
  return source.slice(i, i + end).trim();
}

function parseList(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]);
}

function parseManifest(dir: string): Manifest | null {
  const file = path.join(dir, "__manifest__.py");
  if (!existsSync(file)) return null;
  const src = readFileSync(file, "utf8").replace(/#.*$/gm, "");
  const str = (k: string, d = "") => (literalValue(src, k) ?? d).replace(/^["']|["']$/g, "");
  return {
    technical: path.basename(dir),
    name: str("name", path.basename(dir)),
    version: str("version", "0"),
    depends: parseList(literalValue(src, "depends")),
    autoInstall: /True/.test(literalValue(src, "auto_install") ?? ""),
    installable: !/False/.test(literalValue(src, "installable") ?? "True"),
    dir,
  };
}

function collect(): Map<string, Manifest> {
  const addons = new Map<string, Manifest>();
  for (const base of addonPaths()) {
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const m = parseManifest(path.join(base, entry.name));
      if (m && !addons.has(m.technical)) addons.set(m.technical, m);
    }
  }
  return addons;
}

function topoOrder(addons: Map<string, Manifest>, subset?: Set<string>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, trail: string[]) => {
    if (!addons.has(name)) return; // core module
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`dependency cycle: ${[...trail, name].join(" → ")}`);
    state.set(name, "visiting");
    for (const dep of addons.get(name)!.depends) visit(dep, [...trail, name]);
    state.set(name, "done");
    if (!subset || subset.has(name)) order.push(name);
  };
  for (const name of [...addons.keys()].sort()) visit(name, []);
  return order;
}

function reverseDeps(addons: Map<string, Manifest>): Map<string, Set<string>> {
  const rev = new Map<string, Set<string>>();
  for (const m of addons.values()) {
    for (const d of m.depends) {
      if (!rev.has(d)) rev.set(d, new Set());
      rev.get(d)!.add(m.technical);
    }
  }
  return rev;
}

function affected(changed: Set<string>, rev: Map<string, Set<string>>): Set<string> {
  const out = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const dependent of rev.get(cur) ?? []) {
      if (!out.has(dependent)) {
        out.add(dependent);
        queue.push(dependent);
      }
    }
  }
  return out;
}

function changedAddons(ref: string, addons: Map<string, Manifest>): Set<string> {
  const files = execFileSync("git", ["diff", "--name-only", `${ref}...HEAD`], { cwd: ROOT, encoding: "utf8" }).split("\n");
  const changed = new Set<string>();
  for (const m of addons.values()) {
    const rel = path.relative(ROOT, m.dir) + path.sep;
    if (files.some((f) => f.startsWith(rel))) changed.add(m.technical);
  }
  return changed;
}

function dot(addons: Map<string, Manifest>): string {
  const lines = ["digraph addons {", "  rankdir=LR;", "  node [shape=box, fontname=Helvetica];"];
  for (const m of addons.values()) {
    lines.push(`  "${m.technical}" [label="${m.technical}\\n${m.version}"${m.installable ? "" : ", style=dashed"}];`);
    for (const d of m.depends) lines.push(`  "${m.technical}" -> "${d}"${addons.has(d) ? "" : " [color=gray]"};`);
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

function mermaid(addons: Map<string, Manifest>): string {
  const lines = ["```mermaid", "graph LR"];
  for (const m of addons.values()) for (const d of m.depends) if (addons.has(d)) lines.push(`  ${m.technical} --> ${d}`);
  lines.push("```");
  return lines.join("\n") + "\n";
}

function write(target: string, content: string): void {
  const abs = path.resolve(ROOT, target);
  if (!abs.startsWith(ROOT + path.sep)) throw new Error(`${target} is outside the repository`);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  console.error(`[addon-graph] wrote ${path.relative(ROOT, abs)}`);
}

function main(): number {
  const argv = process.argv.slice(2);
  const opt = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const addons = collect();
  if (!addons.size) {
    console.error("[addon-graph] no addons found on the addons_path");
    return 1;
  }
  const order = topoOrder(addons);
  const notInstallable = [...addons.values()].filter((m) => !m.installable).map((m) => m.technical);
  console.log(`${addons.size} custom addon(s); upgrade order:`);
  console.log("  " + order.join(", "));
  if (notInstallable.length) console.log(`not installable: ${notInstallable.join(", ")}`);

  const ref = opt("--changed-since");
  if (ref) {
    const changed = changedAddons(ref, addons);
    const all = affected(changed, reverseDeps(addons));
    const subsetOrder = topoOrder(addons, all);
    console.log(`\nchanged since ${ref}: ${[...changed].join(", ") || "none"}`);
    console.log(`to upgrade (incl. dependents): ${subsetOrder.join(", ") || "none"}`);
    if (subsetOrder.length) {
      console.log(`\n  odoo-bin -c odoo.conf -d sandbox_erp -u ${subsetOrder.join(",")} --stop-after-init`);
    }
  }
  const dotFile = opt("--dot");
  if (dotFile) write(dotFile, dot(addons));
  const mermaidFile = opt("--mermaid");
  if (mermaidFile) write(mermaidFile, mermaid(addons));
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`[addon-graph] ${(err as Error).message}`);
  process.exitCode = 1;
}
