import { DomainError, Messages } from '@visualnotes/contracts';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTool, withTempDir } from './tools';

/** Formats LibreOffice turns into one we read: word processing into DOCX, slides into PPTX. */
export type ConvertedFormat = 'doc' | 'rtf' | 'odt' | 'ppt' | 'odp';

export const CONVERTED_TO: Record<ConvertedFormat, 'docx' | 'pptx'> = { doc: 'docx', rtf: 'docx', odt: 'docx', ppt: 'pptx', odp: 'pptx' };

/** Time LibreOffice may take to convert one file (a document's own time limit usually ends it first). */
export const CONVERT_TIMEOUT_MS = 60_000;

/**
 * `data` (an old Office, OpenDocument or RTF file) as DOCX or PPTX, converted by LibreOffice
 * headless in a private profile and folder that are removed afterwards. It runs from a reading
 * thread, so no more conversions run at once than the pool has threads (`DOCUMENT_WORKERS`); the
 * thread waits on it without using its own CPU time, so the conversion is bounded by the clock
 * (the thread's limit times the pool's WALL_FACTOR, and CONVERT_TIMEOUT_MS). Refuses when LibreOffice is
 * not installed (the server cannot read the format), and as damaged when it writes nothing.
 */
export async function convertWithLibreOffice(data: Buffer, format: ConvertedFormat, soffice = 'soffice'): Promise<Buffer> {
  const target = CONVERTED_TO[format];
  return withTempDir('vn-convert-', async (dir) => {
    const input = join(dir, `document.${format}`);
    const out = join(dir, 'out');
    await writeFile(input, data);
    const result = await runTool(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--convert-to',
        target,
        '--outdir',
        out,
        input,
      ],
      { timeoutMs: CONVERT_TIMEOUT_MS, cwd: dir },
    );
    if (result.status === 'missing') throw new DomainError('DOCUMENT_UNSUPPORTED', Messages.documentFormatUnavailable);
    if (result.status === 'timeout') throw new DomainError('DOCUMENT_TOO_COMPLEX');
    // LibreOffice exits 0 without writing anything for a file it cannot load.
    const written = (await readdir(out).catch(() => [] as string[])).find((f) => f.endsWith(`.${target}`));
    if (!written) throw new DomainError('DOCUMENT_CORRUPT');
    return readFile(join(out, written));
  });
}
