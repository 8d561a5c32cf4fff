import { Logger } from '@nestjs/common';
import { documentFixtures, scannedPdf } from '@visualnotes/testing';
import { extractDocument } from './index';
import { ocrAvailable } from './ocr';
import { DEFAULT_LIMITS } from './types';

/** A machine without tesseract and pdftoppm: scans are refused as before, and the log says why once. */
describe('OCR when its tools are missing', () => {
  const path = process.env.PATH;
  let scan: Buffer;
  beforeAll(() => {
    const fx = documentFixtures();
    scan = scannedPdf([{ pdf: fx.pdf, page: 1 }]);
    process.env.PATH = '/nonexistent';
  }, 240_000);
  afterAll(() => {
    process.env.PATH = path;
  });

  it('refuses a scan as one without text and logs once that OCR is missing', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    expect(await ocrAvailable()).toEqual({ ok: false, languages: [] });
    const limits = { ...DEFAULT_LIMITS, ocr: { enabled: true, timeLimitMs: 10_000, memoryMb: 512 } };
    for (let i = 0; i < 2; i++) await expect(extractDocument(scan, { name: 'scan.pdf' }, limits)).rejects.toMatchObject({ code: 'DOCUMENT_NO_TEXT' });
    expect(warn.mock.calls.filter(([m]) => String(m).includes('Scanned pages cannot be read'))).toHaveLength(1);
  }, 60_000);
});
