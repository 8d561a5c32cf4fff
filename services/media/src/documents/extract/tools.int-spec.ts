import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from '@visualnotes/testing';
import { runTool, withTempDir } from './tools';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('helper programs (runTool)', () => {
  it('tells a finished, a failed and a missing program apart', async () => {
    expect(await runTool('true', [], { timeoutMs: 5_000 })).toEqual({ status: 'ok' });
    expect(await runTool('sh', ['-c', 'echo broken >&2; exit 3'], { timeoutMs: 5_000 })).toEqual({ status: 'failed', code: 3, stderr: 'broken\n' });
    expect(await runTool('no-such-program-here', [], { timeoutMs: 5_000 })).toEqual({ status: 'missing' });
  });

  it('stops a program past its time limit with the helpers it started (its process group)', async () => {
    await withTempDir('vn-tool-test-', async (dir) => {
      const started = Date.now();
      // The program starts a helper of its own, as soffice starts soffice.bin, and both hang.
      const result = await runTool('sh', ['-c', `sleep 60 & echo $! > ${join(dir, 'helper')}; sleep 60`], { timeoutMs: 1_000 });
      expect(result).toEqual({ status: 'timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
      const helper = Number(await readFile(join(dir, 'helper'), 'utf8'));
      await waitFor(() => !alive(helper), 5_000);
    });
  });

  it('removes its private folder afterwards, even when the work fails', async () => {
    let kept = '';
    await expect(
      withTempDir('vn-tool-test-', async (dir) => {
        kept = dir;
        throw new Error('conversion failed');
      }),
    ).rejects.toThrow('conversion failed');
    expect(existsSync(kept)).toBe(false);
  });
});
