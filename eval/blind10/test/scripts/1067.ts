// Playwright global setup/teardown: start the app against a throwaway data
// directory, create an authenticated storage state for each test role, and
// tear everything down (including the temp dir) when the run ends.
import { chromium, type FullConfig } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ROLES = ["admin", "editor", "viewer"] as const;
type Role = (typeof ROLES)[number];

interface RunState {
  dataDir: string;
  server: ChildProcess;
  baseURL: string;
}

let state: RunState | undefined;

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app did not become healthy at ${url}`);
}

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, "dist", "server.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_USERS: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function loginAs(baseURL: string, role: Role, outFile: string): Promise<void> {
  const browser = await chromium.launch();
  const page = await browser.newPage({ baseURL });
  await page.goto("/login");
  await page.getByLabel("Email").fill(`${role}@example.test`);
  await page.getByLabel("Password").fill(`${role}-password`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await page.context().storageState({ path: outFile });
  await browser.close();
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "pw-app-data-"));
  const port = 4100 + Math.floor(Math.random() * 500);
  const baseURL = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port);
  state = { dataDir, server, baseURL };
  await waitForHealth(baseURL);
  const authDir = path.join(ROOT, "e2e", ".auth");
  await import("node:fs/promises").then((fs) => fs.mkdir(authDir, { recursive: true }));
  for (const role of ROLES) {
    await loginAs(baseURL, role, path.join(authDir, `${role}.json`));
  }
  await writeFile(path.join(authDir, "base-url.txt"), baseURL);
  process.env.E2E_BASE_URL = baseURL;
  return globalTeardown;
}

async function globalTeardown(): Promise<void> {
  if (!state) return;
  const { server, dataDir } = state;
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  if (path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith("pw-app-data-")) {
    await rm(dataDir, { recursive: true, force: true });
  }
  state = undefined;
}
