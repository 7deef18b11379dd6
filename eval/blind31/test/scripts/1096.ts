#!/usr/bin/env -S npx tsx
/**
 * build-style-assets.ts — build everything the map styles need to be served
 * by tileserver-gl without any third-party CDN:
 *
 *   * sprites (1x and 2x) from styles/icons/*.svg with `spreet`
 *   * glyph PBFs from the fonts in styles/fonts/ with `build_pbf_glyphs`
 *   * style JSON rewritten to point at the local sprite/glyph URLs
 *   * a tileserver-gl config (build/style-assets/config.json)
 *
 *   npx tsx tools/build-style-assets.ts
 *   npx tsx tools/build-style-assets.ts --serve     # then run tileserver-gl on 127.0.0.1:8080
 *
 * All outputs go to build/style-assets/ (wiped at the start). --serve starts
 * tileserver-gl bound to 127.0.0.1 and stops it on Ctrl-C; it never binds to
 * a public interface.
 */

import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const STYLES = path.join(ROOT, "styles");
const OUT = path.join(ROOT, "build", "style-assets");
const TILES = path.join(ROOT, "build/tiles");
const PORT = 8080;

interface StyleJson {
  version: number;
  name?: string;
  sprite?: string;
  glyphs?: string;
  sources: Record<string, { type: string; url?: string; tiles?: string[] }>;
  layers: { id: string; layout?: Record<string, unknown> }[];
}

function need(tool: string): void {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} is not installed (see docs/tooling.md)`);
  }
}

function freshOut(): void {
  if (path.relative(ROOT, OUT) !== path.join("build", "style-assets")) throw new Error(`unexpected output dir ${OUT}`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
}

function buildSprites(): void {
  const icons = path.join(STYLES, "icons");
  const svgs = readdirSync(icons).filter((f) => f.endsWith(".svg"));
  if (!svgs.length) throw new Error("no SVG icons in styles/icons");
  mkdirSync(path.join(OUT, "sprites"), { recursive: true });
  execFileSync("spreet", ["--unique", "--minify-index-file", icons, path.join(OUT, "sprites", "sprite")]);
  execFileSync("spreet", ["--unique", "--minify-index-file", "--retina", icons, path.join(OUT, "sprites", "sprite@2x")]);
  console.log(`sprites: ${svgs.length} icons`);
}

function buildGlyphs(): string[] {
  const fontsDir = path.join(STYLES, "fonts");
  const fonts = readdirSync(fontsDir).filter((f) => /\.(ttf|otf)$/i.test(f));
  if (!fonts.length) throw new Error("no fonts in styles/fonts");
  const glyphOut = path.join(OUT, "fonts");
  mkdirSync(glyphOut, { recursive: true });
  execFileSync("build_pbf_glyphs", [fontsDir, glyphOut], { stdio: ["ignore", "ignore", "inherit"] });
  const stacks = readdirSync(glyphOut).filter((d) => statSync(path.join(glyphOut, d)).isDirectory());
  console.log(`glyphs: ${stacks.length} font stacks`);
  return stacks;
}

function usedFontStacks(style: StyleJson): Set<string> {
  const used = new Set<string>();
  for (const layer of style.layers) {
    const font = layer.layout?.["text-font"];
    if (Array.isArray(font)) used.add(font.join(","));
  }
  return used;
}

function rewriteStyles(stacks: string[]): string[] {
  const out = path.join(OUT, "styles");
  mkdirSync(out, { recursive: true });
  const names: string[] = [];
  for (const file of readdirSync(STYLES).filter((f) => f.endsWith(".json"))) {
    const style = JSON.parse(readFileSync(path.join(STYLES, file), "utf8")) as StyleJson;
    style.sprite = "{styleJsonFolder}/../sprites/sprite";
    style.glyphs = "{fontstack}/{range}.pbf";
    for (const [id, src] of Object.entries(style.sources)) {
      if (src.type === "vector") style.sources[id] = { type: "vector", url: `mbtiles://{${id}}` };
    }
    for (const stack of usedFontStacks(style)) {
      for (const font of stack.split(",")) {
        if (!stacks.includes(font)) console.warn(`  ${file}: font "${font}" is not in styles/fonts`);
      }
    }
    writeFileSync(path.join(out, file), JSON.stringify(style));
    names.push(path.basename(file, ".json"));
  }
  return names;
}

function writeConfig(styleNames: string[]): string {
  const data: Record<string, { mbtiles: string }> = {};
  if (existsSync(TILES)) {
    for (const f of readdirSync(TILES).filter((x) => x.endsWith(".mbtiles"))) data[path.basename(f, ".mbtiles")] = { mbtiles: f };
  }
  const config = {
    options: {
      paths: { root: OUT, fonts: "fonts", sprites: "sprites", styles: "styles", mbtiles: TILES },
      serveAllStyles: false,
    },
    styles: Object.fromEntries(styleNames.map((n) => [n, { style: `${n}.json` }])),
    data,
  };
  const file = path.join(OUT, "config.json");
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

function spriteReport(): void {
  // sprite sheet dimensions and icon count, to catch accidental huge SVGs
  for (const name of ["sprite", "sprite@2x"]) {
    const index = path.join(OUT, "sprites", `${name}.json`);
    if (!existsSync(index)) continue;
    const entries = Object.values(JSON.parse(readFileSync(index, "utf8")) as Record<string, { width: number; height: number }>);
    const widest = entries.reduce((m, e) => Math.max(m, e.width), 0);
    const tallest = entries.reduce((m, e) => Math.max(m, e.height), 0);
    const png = path.join(OUT, "sprites", `${name}.png`);
    const kib = existsSync(png) ? (statSync(png).size / 1024).toFixed(0) : "?";
    console.log(`  ${name}: ${entries.length} icons, largest ${widest}x${tallest}px, ${kib} KiB`);
    if (widest > 128 || tallest > 128) console.warn(`  ${name}: an icon exceeds 128px; check the source SVG viewBox`);
  }
}

function glyphReport(stacks: string[]): void {
  for (const stack of stacks) {
    const dir = path.join(OUT, "fonts", stack);
    const ranges = readdirSync(dir).filter((f) => f.endsWith(".pbf"));
    const bytes = ranges.reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
    console.log(`  ${stack}: ${ranges.length} ranges, ${(bytes / 1024).toFixed(0)} KiB`);
  }
}

function serve(config: string): void {
  const child = spawn("tileserver-gl", ["--config", config, "--bind", "127.0.0.1", "--port", String(PORT)], { stdio: "inherit" });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
  console.log(`tileserver-gl on 127.0.0.1:${PORT} (Ctrl-C to stop)`);
}

function main(): void {
  for (const tool of ["spreet", "build_pbf_glyphs"]) need(tool);
  freshOut();
  buildSprites();
  spriteReport();
  const stacks = buildGlyphs();
  glyphReport(stacks);
  const styles = rewriteStyles(stacks);
  cpSync(path.join(STYLES, "README.md"), path.join(OUT, "README.md"), { force: true });
  const config = writeConfig(styles);
  console.log(`${styles.length} styles; config ${path.relative(ROOT, config)}`);
  if (process.argv.includes("--serve")) {
    need("tileserver-gl");
    serve(config);
  }
}

try {
  main();
} catch (err) {
  console.error(`build-style-assets: ${(err as Error).message}`);
  process.exitCode = 1;
}
