/**
 * Install the project's tuned Tesseract models for all OCR tools on this machine.
 *
 * Copies models/tessdata/*.traineddata into the user's shared tessdata folder and writes
 * an ocrmypdf defaults file in the user's config, so every checkout and ad-hoc
 * ocrmypdf run uses the same models.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "models", "tessdata");
const SHARED_TESSDATA = path.join(os.homedir(), ".local", "share", "tessdata");
const OCRMYPDF_CONFIG = path.join(os.homedir(), ".config", "ocrmypdf", "defaults.txt");

mkdirSync(SHARED_TESSDATA, { recursive: true });
let copied = 0;
for (const file of readdirSync(SRC).filter((f) => f.endsWith(".traineddata"))) {
  copyFileSync(path.join(SRC, file), path.join(SHARED_TESSDATA, file));
  copied++;
}

mkdirSync(path.dirname(OCRMYPDF_CONFIG), { recursive: true });
writeFileSync(OCRMYPDF_CONFIG, [`--tesseract-config=${SHARED_TESSDATA}`, "--language=deu+eng", "--output-type=pdfa", ""].join("\n"));

console.log(`copied ${copied} model(s) to ${SHARED_TESSDATA}`);
console.log(`wrote ${OCRMYPDF_CONFIG}; add TESSDATA_PREFIX=${SHARED_TESSDATA} to your environment`);
