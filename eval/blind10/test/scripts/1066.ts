// `tern login` - GitHub OAuth device flow for the tern CLI. Requests a device
// code from github.com, polls for the token, and stores it in the CLI's own
// file ~/.config/tern/hosts.json with mode 0600.
import { mkdir, readFile, rename, writeFile, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const CLIENT_ID = "Iv1.0000000000fake";
const DEVICE_URL = "https://github.com/login/device/code";
const TOKEN_URL = "https://github.com/login/oauth/access_token";
const USER_URL = "https://api.github.com/user";

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  interval: number;
  expires_in: number;
}

type TokenReply = { access_token?: string; error?: string; interval?: number };

const configDir = () => path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "tern");
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

async function postForm<T>(url: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function requestCode(): Promise<DeviceCode> {
  return postForm<DeviceCode>(DEVICE_URL, { client_id: CLIENT_ID, scope: "repo read:org" });
}

async function pollToken(code: DeviceCode): Promise<string> {
  let interval = code.interval;
  const deadline = Date.now() + code.expires_in * 1000;
  while (Date.now() < deadline) {
    await sleep(interval);
    const reply = await postForm<TokenReply>(TOKEN_URL, {
      client_id: CLIENT_ID,
      device_code: code.device_code,
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
    });
    if (reply.access_token) return reply.access_token;
    if (reply.error === "slow_down") interval = reply.interval ?? interval + 5;
    else if (reply.error && reply.error !== "authorization_pending") throw new Error(reply.error);
  }
  throw new Error("device code expired");
}

async function whoami(token: string): Promise<string> {
  const res = await fetch(USER_URL, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`token check failed: ${res.status}`);
  return ((await res.json()) as { login: string }).login;
}

async function store(login: string, token: string): Promise<string> {
  const dir = configDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "hosts.json");
  let hosts: Record<string, unknown> = {};
  try {
    hosts = JSON.parse(await readFile(file, "utf8"));
  } catch {
    hosts = {};
  }
  hosts["github.com"] = { user: login, oauth_token: token };
  const tmp = `${file}.tmp`;
  await writeFile(tmp, JSON.stringify(hosts, null, 2), { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
  return file;
}

async function main(): Promise<void> {
  const code = await requestCode();
  console.log(`Open ${code.verification_uri} and enter the code: ${code.user_code}`);
  const token = await pollToken(code);
  const login = await whoami(token);
  const file = await store(login, token);
  console.log(`logged in as ${login}; credentials saved to ${file}`);
}

main().catch((err: Error) => {
  console.error(`login failed: ${err.message}`);
  process.exitCode = 1;
});
