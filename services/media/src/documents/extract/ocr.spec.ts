import { mediaEnvSchema } from '../../config';
import { languagesFor, parseOsd, readScannedPages, tidyOcrText, wordConfidence } from './ocr';
import type { ExtractedDocument } from './types';

describe('OCR helpers', () => {
  const installed = ['ara', 'chi_sim', 'deu', 'eng', 'fra', 'hin', 'rus', 'spa'];

  it('reads the script from Tesseract’s orientation and script detection', () => {
    const osd = 'Page number: 0\nOrientation in degrees: 0\nRotate: 0\nOrientation confidence: 21.96\nScript: Arabic\nScript confidence: 7.67\n';
    expect(parseOsd(osd)).toBe('Arabic');
    expect(parseOsd(osd.replace('7.67', '0.00'))).toBeNull();
    expect(parseOsd('Too few characters. Skipping this page\n')).toBeNull();
  });

  it('maps scripts to installed language packs, English otherwise', () => {
    expect(languagesFor('Latin', installed)).toEqual(['eng', 'deu', 'fra', 'spa']);
    expect(languagesFor('Latin', ['eng', 'por'])).toEqual(['eng', 'por']);
    expect(languagesFor('Arabic', installed)).toEqual(['ara']);
    expect(languagesFor('Han', installed)).toEqual(['chi_sim']);
    expect(languagesFor('Devanagari', installed)).toEqual(['hin']);
    expect(languagesFor('Cyrillic', installed)).toEqual(['rus']);
    expect(languagesFor('Hangul', installed)).toEqual(['eng']);
    expect(languagesFor(null, installed)).toEqual(['eng']);
    expect(languagesFor('Cyrillic', ['ukr', 'eng'])).toEqual(['ukr']);
    expect(languagesFor(null, ['deu'])).toEqual(['deu']);
  });

  it('tidies Tesseract’s text and leaves line-end hyphens to the document cleaning', () => {
    expect(tidyOcrText('  First line   \nsecond well-\nknown line\n\n\n\nNext paragraph\n\f')).toBe('First line\nsecond well-\nknown line\n\nNext paragraph');
  });

  it('measures how confident Tesseract was of the words it read', () => {
    const head = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
    const rows = [
      '1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96.5\tChapter',
      '5\t1\t1\t1\t1\t2\t70\t10\t50\t20\t83.5\twind',
      '5\t1\t1\t1\t1\t3\t70\t10\t50\t20\t95\t ',
    ];
    expect(wordConfidence([head, ...rows].join('\n'))).toEqual({ words: 2, confidence: 90 });
    expect(wordConfidence(head)).toEqual({ words: 0, confidence: 0 });
  });

  it('leaves a document alone when OCR is off or no page lacks text', async () => {
    const doc: ExtractedDocument = { kind: 'pdf', title: null, pages: [{ page: 1, title: null, text: '' }] };
    const data = Buffer.from('%PDF-1.4');
    await expect(readScannedPages(doc, data, undefined)).resolves.toBe(doc);
    await expect(readScannedPages(doc, data, { enabled: false, timeLimitMs: 1000, memoryMb: 256 })).resolves.toBe(doc);
    const read = { ...doc, pages: [{ page: 1, title: null, text: 'Some words' }] };
    await expect(readScannedPages(read, data, { enabled: true, timeLimitMs: 1000, memoryMb: 256 })).resolves.toBe(read);
  });

  it('takes its settings from the environment', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/x', REDIS_URL: 'redis://localhost:6379' };
    const defaults = mediaEnvSchema.parse(base);
    expect(defaults).toMatchObject({ DOCUMENT_OCR: true, DOCUMENT_OCR_TIMEOUT_MS: 30_000, DOCUMENT_OCR_MEMORY_MB: 1024 });
    expect(defaults.DOCUMENT_OCR_LANGUAGES).toBeUndefined();
    const set = mediaEnvSchema.parse({ ...base, DOCUMENT_OCR: 'off', DOCUMENT_OCR_LANGUAGES: 'deu+fra, eng' });
    expect(set).toMatchObject({ DOCUMENT_OCR: false, DOCUMENT_OCR_LANGUAGES: ['deu', 'fra', 'eng'] });
    expect(() => mediaEnvSchema.parse({ ...base, DOCUMENT_OCR_LANGUAGES: 'eng; rm -rf' })).toThrow();
  });
});
