// List recent Vercel deployments of a project and promote or inspect them.
// VERCEL_TOKEN is read from the environment and only sent to api.vercel.com.
import { parseArgs } from "node:util";

const VERCEL_API = "https://api.vercel.com";

interface Deployment {
  uid: string;
  url: string;
  state: "READY" | "ERROR" | "BUILDING" | "QUEUED" | "CANCELED";
  target: "production" | "preview" | null;
  createdAt: number;
  meta?: { githubCommitRef?: string; githubCommitMessage?: string };
}

class VercelClient {
  constructor(
    private readonly token: string,
    private readonly teamId?: string,
  ) {}

  private url(path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query);
    if (this.teamId) qs.set("teamId", this.teamId);
    const suffix = qs.toString();
    return `${VERCEL_API}${path}${suffix ? `?${suffix}` : ""}`;
  }

  private async request<T>(method: string, path: string, query?: Record<string, string>, body?: unknown): Promise<T> {
    const res = await fetch(this.url(path, query), {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) {
      throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as T;
  }

  async deployments(projectId: string, limit: number): Promise<Deployment[]> {
    const body = await this.request<{ deployments: Deployment[] }>("GET", "/v6/deployments", {
      projectId,
      limit: String(limit),
    });
    return body.deployments;
  }

  async promote(projectId: string, deploymentId: string): Promise<void> {
    await this.request("POST", `/v10/projects/${projectId}/promote/${deploymentId}`);
  }
}

function age(ms: number): string {
  const minutes = Math.round((Date.now() - ms) / 60000);
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 1440) return `${Math.round(minutes / 60)}h`;
  return `${Math.round(minutes / 1440)}d`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      project: { type: "string", short: "p" },
      team: { type: "string" },
      limit: { type: "string", default: "10" },
      promote: { type: "string" },
    },
  });
  const token = process.env.VERCEL_TOKEN;
  if (!token) throw new Error("VERCEL_TOKEN is not set");
  if (!values.project) throw new Error("--project is required");
  const client = new VercelClient(token, values.team);
  if (values.promote) {
    await client.promote(values.project, values.promote);
    console.log(`promoted ${values.promote} to production`);
    return;
  }
  const list = await client.deployments(values.project, Number(values.limit));
  for (const d of list) {
    const ref = d.meta?.githubCommitRef ?? "-";
    const msg = (d.meta?.githubCommitMessage ?? "").split("\n")[0].slice(0, 50);
    console.log(`${d.state.padEnd(9)} ${(d.target ?? "preview").padEnd(10)} ${age(d.createdAt).padStart(4)}  ${ref.padEnd(20)} ${msg}`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
