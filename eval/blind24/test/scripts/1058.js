/*
 * jest-notify-reporter.js -- custom Jest reporter: desktop notification at the
 * end of a run, and (opt-in) the list of failing tests on the clipboard.
 *
 * jest.config.js:
 *   reporters: ['default', ['<rootDir>/scripts/jest-notify-reporter.js', { copyFailures: true }]]
 *
 * Options:
 *   copyFailures   copy "file > test name" lines of failures to the clipboard
 *   onlyOnFailure  stay silent when everything passes
 *   minDurationMs  do not notify for runs shorter than this (watch mode noise)
 *
 * Notifications are skipped in CI. Only local commands are spawned
 * (notify-send / osascript / terminal-notifier, pbcopy / wl-copy / xclip).
 */
'use strict';

const path = require('path');
const { spawn, spawnSync } = require('child_process');

function has(bin) {
  return spawnSync('sh', ['-c', 'command -v "$1" >/dev/null', 'sh', bin]).status === 0;
}

function escapeAppleScript(s) {
  return String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

function pickNotifier() {
  if (process.platform === 'darwin') {
    if (has('terminal-notifier')) {
      return (title, body, ok) =>
        spawn('terminal-notifier', ['-title', title, '-message', body, '-group', 'jest', '-sound', ok ? 'Pop' : 'Basso'], {
          stdio: 'ignore',
          detached: false,
        });
    }
    return (title, body) =>
      spawn('osascript', ['-e', `display notification "${escapeAppleScript(body)}" with title "${escapeAppleScript(title)}"`], {
        stdio: 'ignore',
      });
  }
  if (has('notify-send')) {
    return (title, body, ok) =>
      spawn('notify-send', ['-a', 'jest', '-u', ok ? 'low' : 'critical', '-t', '5000', title, body], { stdio: 'ignore' });
  }
  return () => process.stderr.write('\u0007');
}

function pickClipboard() {
  const candidates = [
    ['pbcopy', []],
    ['wl-copy', []],
    ['xclip', ['-selection', 'clipboard']],
    ['xsel', ['--clipboard', '--input']],
  ];
  for (const [bin, args] of candidates) {
    if (has(bin)) {
      return (text) =>
        new Promise((resolve) => {
          const p = spawn(bin, args, { stdio: ['pipe', 'ignore', 'ignore'] });
          p.on('close', (status) => resolve(status === 0));
          p.on('error', () => resolve(false));
          p.stdin.end(text);
        });
    }
  }
  return null;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

class NotifyReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.options = {
      copyFailures: false,
      onlyOnFailure: false,
      minDurationMs: 0,
      ...options,
    };
    this.enabled = !process.env.CI && process.env.JEST_NOTIFY !== '0';
    this.notify = this.enabled ? pickNotifier() : null;
    this.clipboard = this.enabled && this.options.copyFailures ? pickClipboard() : null;
    this.lastSignature = null;
  }

  failureLines(results) {
    const lines = [];
    for (const suite of results.testResults) {
      const rel = path.relative(this.rootDir, suite.testFilePath);
      if (suite.testExecError) {
        lines.push(`${rel} > (suite failed to run) ${suite.testExecError.message.split('\n')[0]}`);
      }
      for (const t of suite.testResults) {
        if (t.status === 'failed') lines.push(`${rel} > ${t.fullName}`);
      }
    }
    return lines;
  }

  summary(results) {
    const parts = [];
    if (results.numFailedTests) parts.push(plural(results.numFailedTests, 'failed test'));
    if (results.numRuntimeErrorTestSuites) parts.push(plural(results.numRuntimeErrorTestSuites, 'broken suite'));
    parts.push(`${results.numPassedTests}/${results.numTotalTests} passed`);
    if (results.snapshot && results.snapshot.unmatched) {
      const n = results.snapshot.unmatched;
      parts.push(`${n} snapshot mismatch${n === 1 ? '' : 'es'} (press u in watch mode to update)`);
    }
    if (results.snapshot && results.snapshot.filesRemoved) {
      parts.push(plural(results.snapshot.filesRemoved, 'obsolete snapshot file') + ' removed');
    }
    return parts.join(', ');
  }

  slowest(results, top = 3) {
    // the slowest suites, appended to the notification body when the run is long
    return results.testResults
      .map((s) => ({
        file: path.relative(this.rootDir, s.testFilePath),
        ms: (s.perfStats && s.perfStats.end - s.perfStats.start) || 0,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((s) => `${s.file} ${(s.ms / 1000).toFixed(1)}s`);
  }

  async onRunComplete(_contexts, results) {
    if (!this.enabled) return;
    const ok = results.success && results.numRuntimeErrorTestSuites === 0;
    const duration = Date.now() - results.startTime;
    if (duration < this.options.minDurationMs) return;
    if (ok && this.options.onlyOnFailure) return;
    const failures = ok ? [] : this.failureLines(results);
    // watch mode: don't re-notify the exact same failure set over and over
    const signature = `${ok}:${failures.join('|')}`;
    if (signature === this.lastSignature) return;
    this.lastSignature = signature;
    const seconds = (duration / 1000).toFixed(1);
    const title = ok ? `✓ Jest passed (${seconds}s)` : `✗ Jest failed (${seconds}s)`;
    try {
      this.notify(title, this.summary(results), ok);
    } catch {
      // notifications are best effort
    }
    if (!ok && this.clipboard && failures.length) {
      const copied = await this.clipboard(failures.join('\n') + '\n');
      if (copied) process.stderr.write(`jest-notify: ${plural(failures.length, 'failure')} copied to clipboard\n`);
    }
  }

  getLastError() {
    return undefined;
  }
}

module.exports = NotifyReporter;

// manual check: node scripts/jest-notify-reporter.js
if (require.main === module) {
  const r = new NotifyReporter({ rootDir: process.cwd() }, { copyFailures: false });
  r.onRunComplete(null, {
    success: false,
    numRuntimeErrorTestSuites: 0,
    numFailedTests: 1,
    numPassedTests: 9,
    numTotalTests: 10,
    startTime: Date.now() - 2500,
    snapshot: { unmatched: 0 },
    testResults: [
      {
        testFilePath: path.join(process.cwd(), 'src', 'demo.test.js'),
        testExecError: null,
        testResults: [{ status: 'failed', fullName: 'demo adds numbers' }],
      },
    ],
  }).then(() => console.log('sent a sample notification'));
}
