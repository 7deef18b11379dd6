/**
 * install-presets.ts - install the project's HandBrake presets into the user's
 * HandBrake configuration so they show up in the GUI as well.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const SOURCE = path.resolve(__dirname, "..", "media", "presets", "project.json");
const TARGET_DIR = path.join(os.homedir(), ".config", "ghb");
const TARGET = path.join(TARGET_DIR, "presets.json");

interface PresetFile {
  PresetList: { PresetName: string }[];
}

const incoming = JSON.parse(readFileSync(SOURCE, "utf8")) as PresetFile;
const current: PresetFile = existsSync(TARGET) ? JSON.parse(readFileSync(TARGET, "utf8")) : { PresetList: [] };
const names = new Set(incoming.PresetList.map((p) => p.PresetName));
current.PresetList = [...current.PresetList.filter((p) => !names.has(p.PresetName)), ...incoming.PresetList];

mkdirSync(TARGET_DIR, { recursive: true });
writeFileSync(TARGET, JSON.stringify(current, null, 2));
console.log(`installed ${names.size} preset(s) into ${TARGET}`);
