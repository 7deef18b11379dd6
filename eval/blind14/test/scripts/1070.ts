#!/usr/bin/env -S deno test --allow-read --allow-write --allow-env
// Deno tests for the upload path sanitiser. Every test works inside a
// Deno.makeTempDir() directory that is removed in a finally block; the
// "../../etc/passwd" and "rm -rf" strings below are test inputs only.
import { assert, assertEquals, assertThrows } from "jsr:@std/assert@1";
import { join, resolve } from "jsr:@std/path@1";

interface StoredFile {
  path: string;
  bytes: number;
}

function safeJoin(root: string, name: string): string {
  const cleaned = name.replace(/\\/g, "/").split("/").filter((p) => p && p !== "." && p !== "..").join("/");
  if (!cleaned) throw new Error("empty file name");
  const full = resolve(root, cleaned);
  if (!full.startsWith(resolve(root) + "/")) throw new Error(`escapes root: ${name}`);
  return full;
}

async function store(root: string, name: string, data: Uint8Array): Promise<StoredFile> {
  const path = safeJoin(root, name);
  await Deno.mkdir(resolve(path, ".."), { recursive: true });
  await Deno.writeFile(path, data);
  return { path, bytes: data.byteLength };
}

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "upload-test-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  let gone = false;
  try {
    await Deno.stat(dir);
  } catch (err) {
    gone = err instanceof Deno.errors.NotFound;
  }
  assert(gone, `temp dir ${dir} was not removed`);
}

const bytes = (s: string) => new TextEncoder().encode(s);

Deno.test("plain names are stored under the root", () =>
  withTempDir(async (dir) => {
    const stored = await store(dir, "report.pdf", bytes("%PDF"));
    assertEquals(stored.path, join(dir, "report.pdf"));
    assertEquals(stored.bytes, 4);
  }));

Deno.test("parent segments are stripped", () =>
  withTempDir(async (dir) => {
    const stored = await store(dir, "../../etc/passwd", bytes("x"));
    assertEquals(stored.path, join(dir, "etc", "passwd"));
  }));

Deno.test("windows separators are normalised", () =>
  withTempDir(async (dir) => {
    const stored = await store(dir, "..\\..\\boot.ini", bytes("x"));
    assertEquals(stored.path, join(dir, "boot.ini"));
  }));

Deno.test("names that look like commands are just names", () =>
  withTempDir(async (dir) => {
    const stored = await store(dir, "rm -rf ~.txt", bytes("x"));
    assert(stored.path.startsWith(dir));
  }));

Deno.test("empty names are rejected", () =>
  withTempDir(async (dir) => {
    assertThrows(() => safeJoin(dir, "../.."), Error, "empty file name");
    assertThrows(() => safeJoin(dir, ""), Error, "empty file name");
  }));

Deno.test("nested folders are created", () =>
  withTempDir(async (dir) => {
    const stored = await store(dir, "a/b/c/d.txt", bytes("deep"));
    assertEquals(await Deno.readTextFile(stored.path), "deep");
  }));
