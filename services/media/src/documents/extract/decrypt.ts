import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool, withTempDir } from './tools';

/** Time qpdf may take to decrypt one file (it only rewrites it). */
const DECRYPT_TIMEOUT_MS = 15_000;

/**
 * A PDF protected only against editing (an empty open password, RC4 or AES), decrypted by qpdf
 * before it is read: pdf.js opens it with the empty password, but the content streams we read
 * ourselves (ActualText spans, glyph runs) are encrypted, and those pages would lose their text.
 * The file as it is when it has no `/Encrypt`, needs a real password (pdf.js then refuses it as
 * protected), or qpdf is not installed or fails.
 */
export async function decryptPdf(data: Buffer, qpdf = 'qpdf'): Promise<Buffer> {
  if (!data.includes('/Encrypt')) return data;
  return withTempDir('vn-pdf-', async (dir) => {
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'out.pdf');
    await writeFile(input, data);
    // Exit code 3: written with warnings (a damaged cross-reference table qpdf repaired).
    const result = await runTool(qpdf, ['--decrypt', '--password=', input, output], { timeoutMs: DECRYPT_TIMEOUT_MS });
    if (result.status !== 'ok' && !(result.status === 'failed' && result.code === 3)) return data;
    return readFile(output).catch(() => data);
  });
}
