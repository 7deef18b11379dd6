// Print issues labelled "good first issue" that nobody is assigned to.
const token = process.env.GITHUB_TOKEN;
const repo = process.env.GH_REPO ?? "acme/api";

interface Issue {
  number: number;
  title: string;
  html_url: string;
  assignees: unknown[];
  pull_request?: unknown;
  comments: number;
}

async function page(n: number): Promise<Issue[]> {
  const url = new URL(`https://api.github.com/repos/${repo}/issues`);
  url.searchParams.set("labels", "good first issue");
  url.searchParams.set("state", "open");
  url.searchParams.set("per_page", "100");
  url.searchParams.set("page", String(n));
  const res = await fetch(url, {
    headers: {
      Accept: "application/vnd.github+json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`GitHub ${res.status}: ${await res.text()}`);
  return (await res.json()) as Issue[];
}

async function main(): Promise<void> {
  const all: Issue[] = [];
  for (let n = 1; n <= 5; n++) {
    const batch = await page(n);
    all.push(...batch);
    if (batch.length < 100) break;
  }
  const free = all.filter((i) => !i.pull_request && i.assignees.length === 0);
  free.sort((a, b) => a.comments - b.comments);
  for (const i of free) console.log(`#${i.number}\t${i.comments} comments\t${i.title}`);
  console.log(`${free.length} unassigned good first issues`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
