import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How a helper program ended: `missing` when it is not installed on this server. */
export type ToolResult = { status: 'ok' } | { status: 'failed'; code: number | null; stderr: string } | { status: 'timeout' } | { status: 'missing' };

/** coreutils `timeout`'s exit codes: the command timed out, could not be run, was not found. */
const TIMED_OUT = new Set([124, 137]);
const NOT_FOUND = 127;

/**
 * Runs a helper program (qpdf, LibreOffice) with a time limit, in its own process group, and
 * kills the whole group past the limit. It runs under coreutils `timeout` as well, so it is
 * stopped even when the thread that started it is stopped first (a document's thread time limit).
 */
export function runTool(bin: string, args: string[], options: { timeoutMs: number; cwd?: string }): Promise<ToolResult> {
  const seconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn('timeout', ['--kill-after=2', String(seconds), bin, ...args], {
        cwd: options.cwd,
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch {
      return resolve({ status: 'missing' });
    }
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs + 3_000);
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 8_000) stderr += d.toString();
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 'missing' });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // The program may have left helpers of its own behind (soffice.bin): the group goes with it.
      killGroup(child.pid);
      if (timedOut || (code !== null && TIMED_OUT.has(code))) resolve({ status: 'timeout' });
      else if (code === NOT_FOUND) resolve({ status: 'missing' });
      else if (code === 0) resolve({ status: 'ok' });
      else resolve({ status: 'failed', code, stderr });
    });
  });
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A fresh private folder under the OS temporary folder for the length of `use`, removed after. */
export async function withTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
