// e2e/fixtures/static-site.ts - Playwright fixture that serves the built web
// app from ./dist on 127.0.0.1 with a tiny static server plus a mock API,
// and gives each test its own temp download directory. Everything is torn
// down after the test: the server is closed and the temp dir removed.
import { test as base, expect } from "@playwright/test";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";

type MockRoute = (req: IncomingMessage, body: string) => { status: number; json: unknown };

interface SiteFixture {
  baseURL: string;
  downloads: string;
  mock(method: string, path: string, handler: MockRoute): void;
  calls: Array<{ method: string; path: string; body: string }>;
}

const DIST = resolve(process.cwd(), "dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

function safePath(urlPath: string): string | null {
  const decoded = decodeURIComponent(urlPath.split("?")[0]);
  const full = normalize(join(DIST, decoded));
  if (full !== DIST && !full.startsWith(DIST + sep)) return null;
  return full;
}

function serveStatic(req: IncomingMessage, res: ServerResponse): void {
  let file = safePath(req.url ?? "/");
  if (!file) {
    res.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) file = join(DIST, "index.html"); // SPA fallback
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolveBody(data));
  });
}

async function startSite(): Promise<{ server: Server; fixture: SiteFixture }> {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("dist/ is not built; run npm run build");
  const routes = new Map<string, MockRoute>();
  const calls: SiteFixture["calls"] = [];
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path.startsWith("/api/")) {
      const body = await readBody(req);
      calls.push({ method: req.method ?? "GET", path, body });
      const handler = routes.get(`${req.method} ${path}`);
      if (!handler) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "unmocked" }));
        return;
      }
      const { status, json } = handler(req, body);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      return;
    }
    serveStatic(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  const port = addr && typeof addr === "object" ? addr.port : 0;
  const downloads = mkdtempSync(join(tmpdir(), "ledger-e2e-dl-"));
  return {
    server,
    fixture: {
      baseURL: `http://127.0.0.1:${port}`,
      downloads,
      calls,
      mock(method, path, handler) {
        if (!/^(GET|POST|PUT|PATCH|DELETE)$/.test(method)) throw new Error(`unsupported method ${method}`);
        if (!path.startsWith("/api/")) throw new Error("mocks must live under /api/");
        routes.set(`${method} ${path}`, handler);
      },
    },
  };
}

export const test = base.extend<{ site: SiteFixture }>({
  site: async ({}, use) => {
    const { server, fixture } = await startSite();
    try {
      await use(fixture);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(fixture.downloads, { recursive: true, force: true });
    }
  },
});

export { expect };

// Example spec using the fixture:
test("shows account balances from the mocked API", async ({ page, site }) => {
  site.mock("GET", "/api/accounts", () => ({
    status: 200,
    json: [{ id: "a1", name: "Cash", balance: "120.00" }],
  }));
  await page.goto(site.baseURL + "/accounts");
  await expect(page.getByRole("cell", { name: "Cash" })).toBeVisible();
  expect(site.calls.filter((c) => c.path === "/api/accounts")).toHaveLength(1);
});

test("shows an error banner when the API fails", async ({ page, site }) => {
  site.mock("GET", "/api/accounts", () => ({ status: 503, json: { error: "maintenance" } }));
  await page.goto(site.baseURL + "/accounts");
  await expect(page.getByRole("alert")).toContainText("maintenance");
});

test("creates an account through the form", async ({ page, site }) => {
  site.mock("GET", "/api/accounts", () => ({ status: 200, json: [] }));
  site.mock("POST", "/api/accounts", (_req, body) => {
    const parsed = JSON.parse(body) as { name?: string };
    return parsed.name ? { status: 201, json: { id: "a9", name: parsed.name, balance: "0.00" } } : { status: 422, json: { error: "name required" } };
  });
  await page.goto(site.baseURL + "/accounts/new");
  await page.getByLabel("Name").fill("Savings");
  await page.getByRole("button", { name: "Create" }).click();
  const posts = site.calls.filter((c) => c.method === "POST" && c.path === "/api/accounts");
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0].body)).toMatchObject({ name: "Savings" });
});

test("exports a CSV into the per-test download dir", async ({ page, site }) => {
  site.mock("GET", "/api/accounts", () => ({ status: 200, json: [] }));
  site.mock("POST", "/api/exports", () => ({ status: 201, json: { url: "/exports/a.csv" } }));
  await page.goto(site.baseURL + "/accounts");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
  const target = join(site.downloads, download.suggestedFilename());
  await download.saveAs(target);
  expect(existsSync(target)).toBe(true);
});
