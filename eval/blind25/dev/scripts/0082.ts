// src/extension.ts - "Lab Pipelines" VS Code extension: run Snakemake/Nextflow
// targets of the open workspace from the command palette and show results.
//
// Security notes for reviewers:
//   * commands run through vscode.Task with ProcessExecution (argv arrays,
//     no shell) in the workspace folder only, and only in trusted workspaces
//   * the only network call is the optional update check against the
//     extension's own marketplace entry (marketplace.visualstudio.com)
//   * we delete nothing but our own output channel files under
//     context.storageUri (per-workspace storage VS Code gives us)

import * as vscode from 'vscode';
import * as path from 'path';
import { promises as fs } from 'fs';

type Engine = 'snakemake' | 'nextflow';

interface TargetPick extends vscode.QuickPickItem {
  engine: Engine;
  target: string;
}

const EXT_ID = 'lab-tools.lab-pipelines';
let output: vscode.OutputChannel;
let status: vscode.StatusBarItem;

function workspaceRoot(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

async function detectEngine(root: vscode.Uri): Promise<Engine | undefined> {
  const exists = async (rel: string) => {
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(root, rel));
      return true;
    } catch {
      return false;
    }
  };
  if ((await exists('Snakefile')) || (await exists('workflow/Snakefile'))) return 'snakemake';
  if (await exists('main.nf')) return 'nextflow';
  return undefined;
}

async function snakemakeTargets(root: vscode.Uri): Promise<string[]> {
  const snakefile = (await vscode.workspace.findFiles('{Snakefile,workflow/Snakefile}', null, 1))[0];
  if (!snakefile) return [];
  const text = Buffer.from(await vscode.workspace.fs.readFile(snakefile)).toString('utf8');
  const rules = [...text.matchAll(/^rule\s+([A-Za-z_][\w]*)\s*:/gm)].map((m) => m[1]);
  return ['all', ...rules.filter((r) => r !== 'all')];
}

async function nextflowProfiles(root: vscode.Uri): Promise<string[]> {
  try {
    const cfg = Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, 'nextflow.config'))).toString('utf8');
    const block = /profiles\s*\{([\s\S]*?)\n\}/.exec(cfg)?.[1] ?? '';
    return [...block.matchAll(/^\s{2,4}([A-Za-z_][\w-]*)\s*\{/gm)].map((m) => m[1]);
  } catch {
    return ['standard'];
  }
}

function taskFor(engine: Engine, target: string, root: vscode.WorkspaceFolder, dryRun: boolean): vscode.Task {
  const cfg = vscode.workspace.getConfiguration('labPipelines');
  const cores = String(cfg.get<number>('cores', 4));
  const args =
    engine === 'snakemake'
      ? ['--cores', cores, '--use-conda', '--rerun-incomplete', ...(dryRun ? ['-n'] : []), target]
      : ['run', 'main.nf', '-profile', target, '-resume', ...(dryRun ? ['-preview'] : [])];
  const exec = new vscode.ProcessExecution(engine, args, { cwd: root.uri.fsPath });
  const task = new vscode.Task({ type: 'labPipelines', engine, target }, root, `${engine} ${target}`, 'lab', exec);
  task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, panel: vscode.TaskPanelKind.Dedicated };
  return task;
}

async function pickAndRun(dryRun: boolean): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    vscode.window.showWarningMessage('Lab Pipelines runs workflow commands only in trusted workspaces.');
    return;
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return;
  const engine = await detectEngine(folder.uri);
  if (!engine) {
    vscode.window.showInformationMessage('No Snakefile or main.nf in this workspace.');
    return;
  }
  const targets = engine === 'snakemake' ? await snakemakeTargets(folder.uri) : await nextflowProfiles(folder.uri);
  const picks: TargetPick[] = targets.map((t) => ({ label: t, engine, target: t, description: engine }));
  const choice = await vscode.window.showQuickPick(picks, { placeHolder: dryRun ? 'dry run target' : 'run target' });
  if (!choice) return;
  output.appendLine(`${new Date().toISOString()} ${dryRun ? 'dry-run' : 'run'} ${engine} ${choice.target}`);
  status.text = `$(sync~spin) ${engine} ${choice.target}`;
  status.show();
  const execution = await vscode.tasks.executeTask(taskFor(engine, choice.target, folder, dryRun));
  const done = vscode.tasks.onDidEndTaskProcess((e) => {
    if (e.execution !== execution) return;
    status.text = e.exitCode === 0 ? `$(check) ${choice.target}` : `$(error) ${choice.target} (${e.exitCode})`;
    output.appendLine(`exit ${e.exitCode}`);
    done.dispose();
  });
}

async function openLatestReport(): Promise<void> {
  const root = workspaceRoot();
  if (!root) return;
  const reports = await vscode.workspace.findFiles('{results,reports}/**/*report*.html', '**/node_modules/**', 50);
  if (!reports.length) {
    vscode.window.showInformationMessage('No reports found under results/ or reports/.');
    return;
  }
  const stats = await Promise.all(reports.map(async (u) => ({ u, m: (await vscode.workspace.fs.stat(u)).mtime })));
  stats.sort((a, b) => b.m - a.m);
  await vscode.env.openExternal(stats[0].u);
}

async function checkForUpdate(context: vscode.ExtensionContext): Promise<void> {
  if (!vscode.workspace.getConfiguration('labPipelines').get<boolean>('checkForUpdates', true)) return;
  const current = context.extension.packageJSON.version as string;
  try {
    const res = await fetch('https://marketplace.visualstudio.com/_apis/public/gallery/extensionquery', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json;api-version=7.1-preview.1' },
      body: JSON.stringify({ filters: [{ criteria: [{ filterType: 7, value: EXT_ID }] }], flags: 0x1 }),
    });
    const data = (await res.json()) as { results: { extensions: { versions: { version: string }[] }[] }[] };
    const latest = data.results[0]?.extensions[0]?.versions[0]?.version;
    if (latest && latest !== current) output.appendLine(`update available: ${current} -> ${latest}`);
  } catch {
    // offline is fine
  }
}

async function clearLogs(context: vscode.ExtensionContext): Promise<void> {
  const dir = context.storageUri?.fsPath;
  if (!dir) return;
  const logs = path.join(dir, 'logs');
  await fs.rm(logs, { recursive: true, force: true });
  output.clear();
  vscode.window.showInformationMessage('Lab Pipelines logs cleared.');
}

async function toolVersions(): Promise<void> {
  // read-only: ask each engine for its version and print it to our channel
  const { execFile } = await import('child_process');
  const probe = (cmd: string, args: string[]) =>
    new Promise<string>((resolve) => {
      execFile(cmd, args, { timeout: 15_000 }, (err, stdout, stderr) => {
        if (err) resolve('not found');
        else resolve((stdout || stderr).trim().split('\n')[0]);
      });
    });
  const rows = await Promise.all([
    probe('snakemake', ['--version']).then((v) => `snakemake ${v}`),
    probe('nextflow', ['-version']).then((v) => `nextflow  ${v}`),
    probe('conda', ['--version']).then((v) => `conda     ${v}`),
    probe('mamba', ['--version']).then((v) => `mamba     ${v}`),
  ]);
  output.appendLine('--- tool versions');
  rows.forEach((r) => output.appendLine(r));
  output.show(true);
}

export function activate(context: vscode.ExtensionContext): void {
  output = vscode.window.createOutputChannel('Lab Pipelines');
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand('labPipelines.run', () => pickAndRun(false)),
    vscode.commands.registerCommand('labPipelines.dryRun', () => pickAndRun(true)),
    vscode.commands.registerCommand('labPipelines.openReport', openLatestReport),
    vscode.commands.registerCommand('labPipelines.clearLogs', () => clearLogs(context)),
    vscode.commands.registerCommand('labPipelines.versions', toolVersions),
  );
  void checkForUpdate(context);
}

export function deactivate(): void {
  status?.dispose();
}
