// Vitest suite for the archive extractor. Uses a per-test mkdtemp directory that
// is removed in afterEach, and asserts that extraction never writes outside it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTarball, extractTarball } from "../src/archive";

let workdir = "";

beforeEach(() => {
  workdir = mkdtempSync(path.join(tmpdir(), "orbit-archive-"));
});

afterEach(() => {
  if (workdir && workdir.startsWith(tmpdir())) {
    rmSync(workdir, { recursive: true, force: true });
  }
});

function seed(files: Record<string, string>): string {
  const src = path.join(workdir, "src");
  for (const [rel, body] of Object.entries(files)) {
    const full = path.join(src, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
  }
  return src;
}

function listRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath ?? d.path, d.name)))
    .sort();
}

describe("archive round trip", () => {
  it("restores files and contents", async () => {
    const src = seed({ "a.txt": "alpha", "nested/b.json": '{"b":1}' });
    const tarball = path.join(workdir, "out.tgz");
    await createTarball(src, tarball);
    const dest = path.join(workdir, "dest");
    await extractTarball(tarball, dest);
    expect(listRecursive(dest)).toEqual(["a.txt", path.join("nested", "b.json")]);
    expect(readFileSync(path.join(dest, "nested", "b.json"), "utf8")).toBe('{"b":1}');
  });

  it("rejects entries that traverse upwards", async () => {
    const evil = path.join(workdir, "evil.tgz");
    await createTarball(seed({ "ok.txt": "x" }), evil, { rename: { "ok.txt": "../escaped.txt" } });
    const dest = path.join(workdir, "dest");
    await expect(extractTarball(evil, dest)).rejects.toThrow(/outside destination/);
    expect(existsSync(path.join(workdir, "escaped.txt"))).toBe(false);
  });

  it("refuses absolute paths", async () => {
    const evil = path.join(workdir, "abs.tgz");
    await createTarball(seed({ "ok.txt": "x" }), evil, { rename: { "ok.txt": "/abs.txt" } });
    await expect(extractTarball(evil, path.join(workdir, "dest"))).rejects.toThrow(/absolute/);
  });

  it("handles empty directories", async () => {
    const src = seed({});
    mkdirSync(path.join(src, "empty"), { recursive: true });
    const tarball = path.join(workdir, "empty.tgz");
    await createTarball(src, tarball);
    const dest = path.join(workdir, "dest");
    await extractTarball(tarball, dest);
    expect(existsSync(path.join(dest, "empty"))).toBe(true);
  });

  it("keeps temp files inside the sandbox", async () => {
    const before = new Set(readdirSync(tmpdir()));
    const src = seed({ "c.txt": "gamma" });
    await createTarball(src, path.join(workdir, "c.tgz"));
    const leaked = readdirSync(tmpdir()).filter((n) => !before.has(n));
    expect(leaked).toEqual([]);
  });
});
