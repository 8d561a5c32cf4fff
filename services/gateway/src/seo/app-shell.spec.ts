import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppShell } from './app-shell';

describe('AppShell', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shell-'));
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the index.html of the latest build (a page naming scripts that no longer exist stays blank)', () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, '<script src="/assets/index-old.js"></script>');
    utimesSync(file, 1_000, 1_000);
    const shell = new AppShell({ FRONTEND_DIST: dir });
    expect(shell.html()).toContain('index-old.js');

    writeFileSync(file, '<script src="/assets/index-new.js"></script>');
    utimesSync(file, 2_000, 2_000);
    // looked at again at most once a second
    expect(shell.html()).toContain('index-old.js');
    jest.advanceTimersByTime(1_001);
    expect(shell.html()).toContain('index-new.js');

    rmSync(file);
    jest.advanceTimersByTime(1_001);
    expect(shell.html()).toBeNull();
  });
});
