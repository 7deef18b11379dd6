// tmp_copy_assets.ts - copy built assets into the sibling nginx container volume
import { cpSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";

const src = resolve("dist");
const dest = resolve("..", "infra-local", "nginx", "html");
mkdirSync(dest, { recursive: true });
cpSync(src, dest, { recursive: true, force: true });
console.log(`copied ${src} -> ${dest}`);
