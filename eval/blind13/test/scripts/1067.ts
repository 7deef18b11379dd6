#!/usr/bin/env -S npx tsx
// Vendor a pinned npm tarball into ./vendor for an air-gapped build. The packument
// comes from registry.npmjs.org and the tarball's sha512 is checked against its
// dist.integrity before the file is kept. Nothing inside the tarball is executed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

const REGISTRY = "https://registry.npmjs.org";
const VENDOR_DIR = path.resolve("vendor/npm");

interface Pin {
  name: string;
  version: string;
}

interface VersionDoc {
  dist: { tarball: string; integrity: string; shasum: string };
}

function parsePins(file: string): Pin[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const at = l.lastIndexOf("@");
      if (at <= 0) throw new Error(`bad pin "${l}" (expected name@version)`);
      return { name: l.slice(0, at), version: l.slice(at + 1) };
    });
}

async function versionDoc(pin: Pin): Promise<VersionDoc> {
  const res = await fetch(`${REGISTRY}/${pin.name.replace("/", "%2f")}/${pin.version}`);
  if (!res.ok) throw new Error(`${pin.name}@${pin.version}: registry said ${res.status}`);
  return (await res.json()) as VersionDoc;
}

function integrityOf(buf: Buffer, algo: string): string {
  return `${algo}-${createHash(algo).update(buf).digest("base64")}`;
}

async function vendor(pin: Pin): Promise<string> {
  const target = path.join(VENDOR_DIR, `${pin.name.replace("/", "__")}-${pin.version}.tgz`);
  const doc = await versionDoc(pin);
  const [algo] = doc.dist.integrity.split("-");
  if (existsSync(target) && integrityOf(readFileSync(target), algo) === doc.dist.integrity) {
    return `${pin.name}@${pin.version}: cached`;
  }
  const tarballUrl = new URL(doc.dist.tarball);
  if (tarballUrl.origin !== REGISTRY) throw new Error(`${pin.name}: tarball not on ${REGISTRY}`);
  const res = await fetch(tarballUrl);
  if (!res.ok) throw new Error(`${pin.name}: tarball download ${res.status}`);
  const data = Buffer.from(await res.arrayBuffer());
  const actual = integrityOf(data, algo);
  if (actual !== doc.dist.integrity) {
    throw new Error(`${pin.name}@${pin.version}: integrity mismatch`);
  }
  const partial = `${target}.part`;
  writeFileSync(partial, data);
  renameSync(partial, target);
  return `${pin.name}@${pin.version}: ${(data.length / 1024).toFixed(0)} KiB verified (${algo})`;
}

async function main(): Promise<void> {
  const pins = parsePins(process.argv[2] ?? "vendor/pins.txt");
  mkdirSync(VENDOR_DIR, { recursive: true });
  const settled = await Promise.allSettled(pins.map(vendor));
  let failures = 0;
  settled.forEach((s) => {
    if (s.status === "fulfilled") console.log(s.value);
    else {
      failures++;
      console.error(s.reason instanceof Error ? s.reason.message : s.reason);
    }
  });
  for (const stray of [`${VENDOR_DIR}/.DS_Store`]) if (existsSync(stray)) unlinkSync(stray);
  process.exitCode = failures ? 1 : 0;
}

main();
