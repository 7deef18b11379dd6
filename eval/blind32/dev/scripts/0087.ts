/**
 * retroarch-playlists.ts - build RetroArch playlists (.lpl) for the emulator
 * test fixtures so the UI tests can launch content by label.
 *
 * Scans test/fixtures/roms/<system>/ for content, computes CRC32 (what
 * RetroArch's scanner uses), matches it against the fixture DATs in
 * test/fixtures/dats/<system>.dat to get proper labels, and writes
 * build/retroarch/playlists/<System Name>.lpl (JSON playlist format v1.5).
 *
 * The UI tests start RetroArch with `--appendconfig build/retroarch/test.cfg`
 * which points playlist_directory at build/retroarch/playlists; this script
 * writes that config as well.  Nothing is written to ~/.config/retroarch.
 */
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ROMS = path.join(ROOT, "test", "fixtures", "roms");
const DATS = path.join(ROOT, "test", "fixtures", "dats");
const OUT = path.join(ROOT, "build", "retroarch");

const SYSTEMS = {
  nes: { name: "Nintendo - Nintendo Entertainment System", core: "fceumm_libretro", exts: [".nes"] },
  gb: { name: "Nintendo - Game Boy", core: "gambatte_libretro", exts: [".gb"] },
  gba: { name: "Nintendo - Game Boy Advance", core: "mgba_libretro", exts: [".gba"] },
  md: { name: "Sega - Mega Drive - Genesis", core: "genesis_plus_gx_libretro", exts: [".md", ".bin"] },
} as const;

type SystemKey = keyof typeof SYSTEMS;

interface PlaylistItem {
  path: string;
  label: string;
  core_path: string;
  core_name: string;
  crc32: string;
  db_name: string;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let crc = 0xffffffff;
    createReadStream(file)
      .on("data", (chunk) => {
        const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        for (let i = 0; i < buf.length; i++) crc = CRC_TABLE[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
      })
      .on("end", () => resolve(((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0").toUpperCase()))
      .on("error", reject);
  });
}

function datIndex(system: SystemKey): Map<string, string> {
  const file = path.join(DATS, `${system}.dat`);
  const index = new Map<string, string>();
  if (!existsSync(file)) return index;
  const xml = readFileSync(file, "utf8");
  const gameRe = /<game name="([^"]+)"[^>]*>([\s\S]*?)<\/game>/g;
  for (const m of xml.matchAll(gameRe)) {
    const name = m[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"');
    for (const rom of m[2].matchAll(/crc="([0-9a-fA-F]{8})"/g)) index.set(rom[1].toUpperCase(), name);
  }
  return index;
}

function coreDir(): string {
  // the test runner downloads cores into build/retroarch/cores (see Makefile)
  return path.join(OUT, "cores");
}

async function buildPlaylist(system: SystemKey): Promise<{ items: PlaylistItem[]; unknown: string[] }> {
  const spec = SYSTEMS[system];
  const dir = path.join(ROMS, system);
  const index = datIndex(system);
  const items: PlaylistItem[] = [];
  const unknown: string[] = [];
  if (!existsSync(dir)) return { items, unknown };
  const exts: readonly string[] = spec.exts;
  for (const file of readdirSync(dir).sort()) {
    if (!exts.includes(path.extname(file).toLowerCase())) continue;
    const full = path.join(dir, file);
    const crc = await crc32(full);
    const label = index.get(crc);
    if (!label) unknown.push(`${system}/${file} (${crc})`);
    items.push({
      path: full,
      label: label ?? path.basename(file, path.extname(file)),
      core_path: path.join(coreDir(), `${spec.core}.so`),
      core_name: spec.core.replace(/_libretro$/, ""),
      crc32: `${crc}|crc`,
      db_name: `${spec.name}.lpl`,
    });
  }
  return { items, unknown };
}

function playlistJson(system: SystemKey, items: PlaylistItem[]): string {
  const spec = SYSTEMS[system];
  return JSON.stringify({
    version: "1.5",
    default_core_path: path.join(coreDir(), `${spec.core}.so`),
    default_core_name: spec.core.replace(/_libretro$/, ""),
    label_display_mode: 0,
    right_thumbnail_mode: 0,
    left_thumbnail_mode: 0,
    sort_mode: 0,
    items,
  }, null, 2) + "\n";
}

function testConfig(): string {
  const lines: Record<string, string> = {
    playlist_directory: path.join(OUT, "playlists"),
    savefile_directory: path.join(OUT, "saves"),
    savestate_directory: path.join(OUT, "states"),
    screenshot_directory: path.join(OUT, "screenshots"),
    libretro_directory: coreDir(),
    config_save_on_exit: "false",
    menu_show_core_updater: "false",
    network_cmd_enable: "true",
    network_cmd_port: "55355",
  };
  return Object.entries(lines).map(([k, v]) => `${k} = "${v}"`).join("\n") + "\n";
}

/**
 * The UI tests refer to content by label; two fixtures with the same label in
 * one playlist would make those tests ambiguous.
 */
function duplicateLabels(items: PlaylistItem[]): string[] {
  const seen = new Map<string, number>();
  for (const item of items) seen.set(item.label, (seen.get(item.label) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([label, n]) => `${label} (${n}x)`);
}

function checkCores(): string[] {
  const missing: string[] = [];
  for (const spec of Object.values(SYSTEMS)) {
    const file = path.join(coreDir(), `${spec.core}.so`);
    if (!existsSync(file)) missing.push(spec.core);
  }
  return missing;
}

async function main(): Promise<void> {
  const missingCores = checkCores();
  if (missingCores.length) console.warn(`cores not downloaded yet (make retroarch-cores): ${missingCores.join(", ")}`);
  const playlists = path.join(OUT, "playlists");
  mkdirSync(playlists, { recursive: true });
  for (const sub of ["saves", "states", "screenshots"]) mkdirSync(path.join(OUT, sub), { recursive: true });
  let total = 0;
  const unknownAll: string[] = [];
  for (const system of Object.keys(SYSTEMS) as SystemKey[]) {
    const { items, unknown } = await buildPlaylist(system);
    unknownAll.push(...unknown);
    if (!items.length) continue;
    for (const d of duplicateLabels(items)) console.warn(`${system}: duplicate label ${d}`);
    writeFileSync(path.join(playlists, `${SYSTEMS[system].name}.lpl`), playlistJson(system, items));
    total += items.length;
    console.log(`${SYSTEMS[system].name}: ${items.length} item(s)`);
  }
  writeFileSync(path.join(OUT, "test.cfg"), testConfig());
  for (const u of unknownAll) console.warn(`not in DAT: ${u}`);
  console.log(`${total} playlist entries; config at ${path.relative(ROOT, path.join(OUT, "test.cfg"))}`);
  if (process.argv.includes("--strict") && unknownAll.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
