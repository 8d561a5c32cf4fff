import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The rules of infra/Dockerfile that keep the image small and its builds fast, read from the file
 * (no image is built here): dependency layers before the sources, the front end's packages only in
 * the build stage, one ffmpeg, a non-root user on Node 24 LTS.
 */
const ROOT = join(__dirname, '../..');
const dockerfile = readFileSync(join(ROOT, 'infra/Dockerfile'), 'utf8');
// Instructions with their continuation lines joined, comments dropped.
const lines = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages: { from: string; name?: string; lines: string[] }[] = [];
for (const line of lines) {
  const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
  if (from) stages.push({ from: from[1], name: from[2], lines: [] });
  else stages.at(-1)?.lines.push(line);
}
const stage = (name: string) => stages.find((s) => s.name === name)!;
const workspaces = ['libs', 'services'].flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}`)).concat('frontend');

describe('infra/Dockerfile', () => {
  it('builds on Node 24 LTS in several stages', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(stages.map((s) => s.from).every((f) => f === '${NODE_IMAGE}' || f === 'manifests')).toBe(true);
    expect(stages.map((s) => s.name)).toEqual(['manifests', 'build', 'runtime-deps', undefined]);
  });

  it('installs dependencies from the manifests of every workspace before any source is copied', () => {
    const copied = stage('manifests')
      .lines.filter((l) => l.startsWith('COPY'))
      .join(' ');
    for (const ws of workspaces) expect(copied).toContain(`${ws}/package.json`);
    expect(copied).toContain('package-lock.json');
    const build = stage('build').lines;
    const install = build.findIndex((l) => /npm ci/.test(l));
    const firstSource = build.findIndex((l) => /^COPY (libs|services|frontend) /.test(l));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(firstSource).toBeGreaterThan(install);
  });

  it('leaves the front end packages and the optional ffmpeg-static out of the runtime dependencies', () => {
    const install = stage('runtime-deps').lines.find((l) => /npm ci/.test(l))!;
    expect(install).toContain('--omit=dev');
    expect(install).toContain('--omit=optional');
    const selected = [...install.matchAll(/--workspace (\S+)/g)].map((m) => m[1]).sort();
    expect(selected).toEqual(workspaces.filter((w) => w !== 'frontend' && w !== 'libs/testing').sort());
  });

  it('runs as a non-root user with Debian ffmpeg only, and copies no build tooling', () => {
    const final = stages.at(-1)!.lines;
    expect(final.join('\n')).toMatch(/apt-get install[^\n]*\bffmpeg\b/);
    expect(final).toContain('USER node');
    expect(final.join('\n')).toMatch(/FFMPEG_PATH=\/usr\/bin\/ffmpeg/);
    const copies = final.filter((l) => l.startsWith('COPY'));
    expect(copies).toEqual(['COPY --from=runtime-deps /out/ ./', 'COPY --from=build /out/ ./']);
    // The build stage hands over build outputs, never its node_modules.
    const handOver = stage('build').lines.find((l) => l.includes('/out/'))!;
    expect(handOver).not.toContain('node_modules');
    expect(handOver).toContain('frontend/dist');
  });

  it('brings the document tools: poppler, Tesseract with language packs, LibreOffice and qpdf', () => {
    const install = stages.at(-1)!.lines.find((l) => l.includes('apt-get install'))!;
    for (const pkg of [
      'poppler-utils',
      'qpdf',
      'tesseract-ocr',
      'tesseract-ocr-osd',
      'tesseract-ocr-eng',
      'tesseract-ocr-ara',
      'libreoffice-writer-nogui',
      'libreoffice-impress-nogui',
    ]) {
      expect(install.split(/\s+/)).toContain(pkg);
    }
  });
});
