/**
 * unifi-report.ts - read-only report of the lab UniFi network.
 *
 * Logs in to the UniFi Network controller at https://unifi.internal:8443 with
 * the read-only "auditor" account (UNIFI_USER / UNIFI_PASSWORD from .env),
 * reads devices, clients and WLAN configs of the default site, and writes
 * lab/unifi-report.md.  The session cookie lives only in memory; the script
 * logs out at the end.  The controller uses the lab CA (lab/lab-ca.pem).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BASE = "https://unifi.internal:8443";
const SITE = process.env.UNIFI_SITE ?? "default";
const CA_FILE = path.join(ROOT, "lab", "lab-ca.pem");
const OUT = path.join(ROOT, "lab", "unifi-report.md");

interface Device {
  name?: string;
  model: string;
  type: string;
  version: string;
  state: number;
  upgradable?: boolean;
  uptime?: number;
  num_sta?: number;
}
interface Client {
  hostname?: string;
  name?: string;
  is_wired: boolean;
  essid?: string;
  signal?: number;
  network?: string;
}
interface Wlan {
  name: string;
  enabled: boolean;
  security: string;
  wpa_mode?: string;
  is_guest?: boolean;
}

const agent = new https.Agent({ ca: existsSync(CA_FILE) ? readFileSync(CA_FILE) : undefined });

function env(name: string): string {
  const fromEnv = process.env[name];
  if (fromEnv) return fromEnv;
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    const m = new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    if (m) return m[1].trim().replace(/^"|"$/g, "");
  }
  throw new Error(`${name} missing (.env)`);
}

function request<T>(method: string, pathname: string, cookie: string, body?: unknown): Promise<{ data: T; cookie: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = https.request(`${BASE}${pathname}`, {
      method,
      agent,
      headers: {
        "Content-Type": "application/json",
        ...(cookie ? { Cookie: cookie } : {}),
        ...(payload ? { "Content-Length": Buffer.byteLength(payload) } : {}),
      },
      timeout: 15000,
    }, (res) => {
      let text = "";
      res.on("data", (c) => { text += c; });
      res.on("end", () => {
        const setCookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        if ((res.statusCode ?? 500) >= 400) return reject(new Error(`${method} ${pathname}: ${res.statusCode}`));
        try {
          const parsed = text ? JSON.parse(text) : {};
          resolve({ data: (parsed.data ?? parsed) as T, cookie: setCookie || cookie });
        } catch (err) {
          reject(new Error(`${pathname}: invalid JSON (${(err as Error).message})`));
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${pathname}: timeout`)));
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * The auditor account is read-only on the controller (role "Read Only"), so
 * even a bug in this script could not change the network configuration.
 * The session cookie is kept in memory only and invalidated by /api/logout.
 */
async function login(): Promise<string> {
  const { cookie } = await request("POST", "/api/login", "", { username: env("UNIFI_USER"), password: env("UNIFI_PASSWORD") });
  if (!cookie) throw new Error("login returned no session cookie");
  return cookie;
}

function deviceState(state: number): string {
  return ({ 0: "offline", 1: "connected", 2: "pending adoption", 4: "upgrading", 5: "provisioning" } as Record<number, string>)[state] ?? `state ${state}`;
}

function fmtUptime(s = 0): string {
  return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
}

function findings(devices: Device[], wlans: Wlan[], clients: Client[]): string[] {
  const out: string[] = [];
  for (const d of devices) {
    if (d.state !== 1) out.push(`${d.name ?? d.model} is ${deviceState(d.state)}`);
    if (d.upgradable) out.push(`${d.name ?? d.model} has a firmware upgrade available (${d.version})`);
  }
  for (const w of wlans) {
    if (w.enabled && w.security === "open" && !w.is_guest) out.push(`WLAN ${w.name} is open and not a guest network`);
    if (w.enabled && w.wpa_mode === "wpa1") out.push(`WLAN ${w.name} still allows WPA1`);
  }
  const weak = clients.filter((c) => !c.is_wired && (c.signal ?? 0) < -75);
  if (weak.length) out.push(`${weak.length} wireless client(s) with signal below -75 dBm`);
  return out;
}

/** Clients per WLAN and per network, for the capacity section. */
function clientBreakdown(clients: Client[]): { byEssid: [string, number][]; byNetwork: [string, number][] } {
  const essid = new Map<string, number>();
  const network = new Map<string, number>();
  for (const c of clients) {
    if (!c.is_wired) essid.set(c.essid ?? "?", (essid.get(c.essid ?? "?") ?? 0) + 1);
    network.set(c.network ?? "?", (network.get(c.network ?? "?") ?? 0) + 1);
  }
  const sort = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { byEssid: sort(essid), byNetwork: sort(network) };
}

function breakdownMarkdown(b: { byEssid: [string, number][]; byNetwork: [string, number][] }): string[] {
  const lines = ["", "### Clients per SSID", ""];
  for (const [name, n] of b.byEssid) lines.push(`- ${name}: ${n}`);
  lines.push("", "### Clients per network", "");
  for (const [name, n] of b.byNetwork) lines.push(`- ${name}: ${n}`);
  return lines;
}

function markdown(devices: Device[], clients: Client[], wlans: Wlan[], notes: string[]): string {
  const lines = ["# UniFi lab report", "", `_generated ${new Date().toISOString()}_`, "", "## Devices", "",
    "| name | model | firmware | state | uptime | clients |", "|---|---|---|---|---|---:|"];
  for (const d of devices) {
    lines.push(`| ${d.name ?? "-"} | ${d.model} | ${d.version} | ${deviceState(d.state)} | ${fmtUptime(d.uptime)} | ${d.num_sta ?? 0} |`);
  }
  lines.push("", "## WLANs", "", "| name | enabled | security | guest |", "|---|---|---|---|");
  for (const w of wlans) lines.push(`| ${w.name} | ${w.enabled} | ${w.security}${w.wpa_mode ? `/${w.wpa_mode}` : ""} | ${w.is_guest ? "yes" : "no"} |`);
  const wired = clients.filter((c) => c.is_wired).length;
  lines.push("", `## Clients`, "", `${clients.length} connected (${wired} wired, ${clients.length - wired} wireless)`);
  lines.push(...breakdownMarkdown(clientBreakdown(clients)));
  lines.push("", "## Findings", "", ...(notes.length ? notes.map((n) => `- ${n}`) : ["- none"]));
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const cookie = await login();
  try {
    const [devices, clients, wlans] = await Promise.all([
      request<Device[]>("GET", `/api/s/${SITE}/stat/device`, cookie),
      request<Client[]>("GET", `/api/s/${SITE}/stat/sta`, cookie),
      request<Wlan[]>("GET", `/api/s/${SITE}/rest/wlanconf`, cookie),
    ]);
    const notes = findings(devices.data, wlans.data, clients.data);
    writeFileSync(OUT, markdown(devices.data, clients.data, wlans.data, notes));
    console.log(`${devices.data.length} devices, ${clients.data.length} clients, ${notes.length} finding(s) -> ${path.relative(ROOT, OUT)}`);
  } finally {
    await request("POST", "/api/logout", cookie).catch(() => undefined);
  }
}

main().catch((err: Error) => {
  console.error(`unifi-report: ${err.message}`);
  process.exitCode = 1;
});
