import { sceneProblem } from './dto/publish';
import { isSafeLink } from './safe-link';

describe('isSafeLink', () => {
  it.each([
    'https://example.com/a?b=1&c=2#d',
    'http://localhost:3000/p/abc',
    'HTTPS://EXAMPLE.COM',
    'mailto:someone@example.com',
    '/p/abcdefgh',
    '#top',
    '?element=abc123',
    './other',
    '../up',
    'example.com/page',
    '//cdn.example.com/x',
    '',
  ])('takes %j', (link) => {
    expect(isSafeLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'jav\u0009ascript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001fjavascript:alert(1)',
    'javascript\t:alert(1)',
    '\u00a0javascript:alert(1)'.trim(),
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'http://[invalid',
  ])('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it('is what scene validation applies to element links', () => {
    const rect = (link: string) => ({
      elements: [{ id: 'a', type: 'rectangle', version: 1, versionNonce: 1, isDeleted: false, x: 0, y: 0, width: 1, height: 1, link }],
    });
    expect(sceneProblem(rect('https://example.com'))).toBeNull();
    expect(sceneProblem(rect('java\tscript:alert(1)'))).toEqual({ status: 400, message: 'This is not an Excalidraw scene' });
    expect(sceneProblem(rect('\u0002javascript:alert(1)'))).toEqual({ status: 400, message: 'This is not an Excalidraw scene' });
  });
});
