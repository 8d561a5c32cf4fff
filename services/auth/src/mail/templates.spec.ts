import { renderMail } from './templates';

describe('renderMail', () => {
  it('writes plain text and HTML in English by default', () => {
    const m = renderMail('activation', undefined, 'a@b.test', { name: 'Ann', link: 'http://x/user/confirm?token=abc' });
    expect(m.subject).toBe('Activate your VisualNotes account');
    expect(m.text).toContain('http://x/user/confirm?token=abc');
    expect(m.html).toContain('href="http://x/user/confirm?token=abc"');
  });
  it('writes Chinese for zh-CN', () => {
    const m = renderMail('securityCode', 'zh-CN', 'a@b.test', { name: '安', code: '012345' });
    expect(m.subject).toContain('安全码');
    expect(m.text).toContain('012345');
  });
  it('escapes the name in HTML', () => {
    const m = renderMail('passwordReset', 'en', 'a@b.test', { name: '<img src=x onerror=alert(1)>', link: 'http://x/?a=1&b=2' });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img');
    expect(m.html).toContain('a=1&amp;b=2');
  });
});
