// Vitest suite for the on-disk response cache used by the harbor API client.
// Each test owns a fresh mkdtemp directory under the OS temp dir; afterEach
// removes it so repeated runs leave nothing behind.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { DiskCache } from "../src/cache/disk-cache";

let base: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "harbor-cache-test-"));
});

afterEach(() => {
  vi.useRealTimers();
  if (base.startsWith(tmpdir() + sep)) rmSync(base, { recursive: true, force: true });
});

describe("DiskCache", () => {
  test("stores and returns a value", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 60_000 });
    await cache.put("GET /users/1", { id: 1, name: "Ada" });
    expect(await cache.get("GET /users/1")).toEqual({ id: 1, name: "Ada" });
  });

  test("returns undefined after the TTL", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2024-06-01T00:00:00Z"));
    const cache = new DiskCache({ dir: base, ttlMs: 1000 });
    await cache.put("k", 1);
    vi.setSystemTime(new Date("2024-06-01T00:00:02Z"));
    expect(await cache.get("k")).toBeUndefined();
  });

  test("keys are hashed into safe file names", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 60_000 });
    await cache.put("../../etc/passwd", "nope");
    const files = readdirSync(base);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
  });

  test("prune removes only expired entries", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 10_000 });
    await cache.put("old", 1);
    await cache.put("new", 2);
    const oldFile = join(base, cache.fileName("old"));
    const past = new Date(Date.now() - 60_000);
    utimesSync(oldFile, past, past);
    expect(await cache.prune()).toBe(1);
    expect(existsSync(oldFile)).toBe(false);
    expect(await cache.get("new")).toBe(2);
  });

  test("ignores foreign files in the directory", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 1 });
    const foreign = join(base, "README.txt");
    await import("node:fs/promises").then((fsp) => fsp.writeFile(foreign, "keep me"));
    await cache.prune();
    expect(existsSync(foreign)).toBe(true);
  });

  test("concurrent puts of the same key keep one valid file", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 60_000 });
    await Promise.all(Array.from({ length: 8 }, (_, i) => cache.put("race", i)));
    const files = readdirSync(base).filter((f) => f.endsWith(".json"));
    expect(files).toHaveLength(1);
    const value = await cache.get("race");
    expect(typeof value).toBe("number");
  });

  test("clear() empties only cache entries", async () => {
    const cache = new DiskCache({ dir: base, ttlMs: 60_000 });
    await Promise.all(["a", "b", "c"].map((k, i) => cache.put(k, i)));
    await cache.clear();
    expect(readdirSync(base).filter((f) => f.endsWith(".json"))).toEqual([]);
  });
});
