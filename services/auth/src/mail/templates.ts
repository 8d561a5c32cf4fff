import type { Mail } from './mail.service';

export type Locale = 'en' | 'zh-CN';

interface Template {
  subject: string;
  /** Paragraphs; `{link}` marks where the action link goes. */
  lines: string[];
  action?: string;
}

/** `name` is the account's own (user-chosen) name: mails to an address someone else typed in leave it out. */
type Vars = { name?: string; link?: string; code?: string; project?: string; role?: string; signUp?: boolean };
type Kind = 'activation' | 'alreadyRegistered' | 'securityCode' | 'emailChange' | 'emailTaken' | 'passwordReset' | 'projectInvitation';

const templates: Record<Locale, Record<Kind, (v: Vars) => Template>> = {
  en: {
    activation: (v) => ({
      subject: 'Activate your VisualNotes account',
      lines: [
        `Hello ${v.name},`,
        'Welcome to VisualNotes! Please confirm your e-mail address to activate your account:',
        '{link}',
        'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
      ],
      action: 'Activate my account',
    }),
    alreadyRegistered: (v) => ({
      subject: 'Your VisualNotes account',
      lines: [
        `Hello ${v.name},`,
        'Someone tried to sign up with this e-mail address, but you already have an account. You can log in, or reset your password if you forgot it:',
        '{link}',
        'If it was not you, you can ignore this e-mail.',
      ],
      action: 'Log in',
    }),
    securityCode: (v) => ({
      subject: 'Your VisualNotes security code',
      lines: [
        `Hello ${v.name},`,
        'A login to your account was started from a new device. Your security code is:',
        `${v.code}`,
        'It is valid for 10 minutes. If you did not try to log in, change your password.',
      ],
    }),
    emailChange: () => ({
      subject: 'Confirm your new e-mail address for VisualNotes',
      lines: [
        'Hello,',
        'Someone asked to use this e-mail address for their VisualNotes account. If it was you, confirm the address here:',
        '{link}',
        'The link is valid for 24 hours. If it was not you, ignore this e-mail and nothing changes.',
      ],
      action: 'Confirm my e-mail address',
    }),
    emailTaken: () => ({
      subject: 'Your e-mail address on VisualNotes',
      lines: [
        'Hello,',
        'Someone asked to use this e-mail address for another VisualNotes account. It already belongs to your account, so nothing changed and there is nothing you need to do.',
      ],
    }),
    passwordReset: (v) => ({
      subject: 'Reset your VisualNotes password',
      lines: [
        `Hello ${v.name},`,
        'You asked to reset your password. Choose a new one here:',
        '{link}',
        'The link is valid for 1 hour. If you did not ask for this, you can ignore this e-mail.',
      ],
      action: 'Reset my password',
    }),
    projectInvitation: (v) => ({
      subject: `${v.name} shared “${v.project}” with you on VisualNotes`,
      lines: [
        'Hello,',
        `${v.name} invited you to ${v.role === 'viewer' ? 'view' : 'edit'} the canvas “${v.project}” on VisualNotes.`,
        v.signUp ? 'Create your free account with this e-mail address; the canvas is in your projects once you are signed in:' : 'Open it here:',
        '{link}',
        'If you do not know this person, you can ignore this e-mail.',
      ],
      action: v.signUp ? 'Create my account' : 'Open the canvas',
    }),
  },
  'zh-CN': {
    activation: (v) => ({
      subject: '激活您的 VisualNotes 账户',
      lines: [`${v.name}，您好：`, '欢迎使用 VisualNotes！请确认您的电子邮件地址以激活账户：', '{link}', '链接 24 小时内有效。如果您没有注册，请忽略此邮件。'],
      action: '激活我的账户',
    }),
    alreadyRegistered: (v) => ({
      subject: '您的 VisualNotes 账户',
      lines: [
        `${v.name}，您好：`,
        '有人尝试用此邮箱注册，但您已经有账户了。您可以直接登录，忘记密码时也可以重置：',
        '{link}',
        '如果不是您本人操作，请忽略此邮件。',
      ],
      action: '登录',
    }),
    securityCode: (v) => ({
      subject: 'VisualNotes 登录安全码 (security code)',
      lines: [`${v.name}，您好：`, '您的账户正在一台新设备上登录。您的安全码是：', `${v.code}`, '安全码 10 分钟内有效。如果不是您本人操作，请修改密码。'],
    }),
    emailChange: () => ({
      subject: '确认您的 VisualNotes 新邮箱',
      lines: [
        '您好：',
        '有人申请将此邮箱地址用于其 VisualNotes 账户。如果是您本人，请在这里确认：',
        '{link}',
        '链接 24 小时内有效。如果不是您本人操作，请忽略此邮件，什么都不会改变。',
      ],
      action: '确认邮箱',
    }),
    emailTaken: () => ({
      subject: '您在 VisualNotes 的邮箱地址',
      lines: ['您好：', '有人申请将此邮箱地址用于另一个 VisualNotes 账户。此地址已属于您的账户，因此没有任何更改，您无需进行任何操作。'],
    }),
    passwordReset: (v) => ({
      subject: '重置您的 VisualNotes 密码',
      lines: [`${v.name}，您好：`, '您申请了重置密码。请在这里设置新密码：', '{link}', '链接 1 小时内有效。如果不是您本人操作，请忽略此邮件。'],
      action: '重置密码',
    }),
    projectInvitation: (v) => ({
      subject: `${v.name} 在 VisualNotes 上与您共享了“${v.project}”`,
      lines: [
        '您好：',
        `${v.name} 邀请您${v.role === 'viewer' ? '查看' : '编辑'}画布“${v.project}”。`,
        v.signUp ? '请用此邮箱地址免费注册；登录后即可在您的项目中看到该画布：' : '在这里打开：',
        '{link}',
        '如果您不认识此人，请忽略此邮件。',
      ],
      action: v.signUp ? '注册账户' : '打开画布',
    }),
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A mail of one kind in the user's language (en by default), as plain text and HTML. */
export function renderMail(kind: Kind, locale: string | null | undefined, to: string, vars: Vars): Mail {
  const lang: Locale = locale === 'zh-CN' ? 'zh-CN' : 'en';
  const t = templates[lang][kind](vars);
  const text = t.lines.map((l) => (l === '{link}' ? (vars.link ?? '') : l)).join('\n\n') + '\n\n— VisualNotes\n';
  const body = t.lines
    .map((l) => {
      if (l === '{link}') {
        const href = escapeHtml(vars.link ?? '');
        return `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action ?? href)}</a></p><p style="font-size:12px;color:#666">${href}</p>`;
      }
      if (kind === 'securityCode' && l === vars.code) return `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(l)}</p>`;
      return `<p>${escapeHtml(l)}</p>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Poppins,Arial,sans-serif;color:#111">${body}<p>— VisualNotes</p></body></html>`;
  return { to, subject: t.subject, text, html, linkOrCode: vars.link ?? vars.code };
}
