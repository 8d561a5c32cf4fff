import { randomUUID } from 'node:crypto';
import { Jobs, Messages, RequestSchemasByPattern, type RpcRequest } from '@visualnotes/contracts';
import { accountRules, type AccountRules } from '../testing/setup';

/** A request as the transport hands it to the service: parsed (trimmed, lower-cased) by its schema. */
function req<P extends 'auth.register' | 'auth.email.change' | 'auth.google.signIn' | 'auth.account.delete' | 'auth.profile.update'>(
  pattern: P,
  data: unknown,
): RpcRequest<P> {
  return RequestSchemasByPattern[pattern].parse(data) as RpcRequest<P>;
}

/** The token of the last link mailed to `address`. */
function tokenMailedTo(r: AccountRules, address: string): string {
  const mail = r.outbox.to(address).at(-1);
  const token = /token=([\w-]+)/.exec(mail?.linkOrCode ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${address}`);
  return token;
}

const password = 'correct horse 1';
const client = { ip: '127.0.0.1' };

describe('account rules', () => {
  let r: AccountRules;

  beforeEach(async () => {
    r = await accountRules();
  });
  afterEach(() => r.close());

  async function registered(email: string, extra: Record<string, unknown> = {}) {
    await r.service.register(req('auth.register', { name: 'Ann', email, password, ...extra }));
    const user = await r.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new Error('not registered');
    return user;
  }

  async function activated(email: string) {
    const user = await registered(email);
    await r.service.activate(tokenMailedTo(r, user.email));
    return (await r.users.findById(user.id))!;
  }

  describe('registration', () => {
    it('stores an inactive account with its e-mail in lower case, a hashed password and its own referral code, and mails its activation link', async () => {
      const user = await registered('  Ann@Example.COM ');
      expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann', locale: 'en', activatedAt: null, referredBy: null, googleId: null });
      expect(user.passwordHash).not.toContain(password);
      expect(await r.hasher.verify(user.passwordHash, password)).toBe(true);
      expect(user.referralCode).toMatch(/^[\w-]{8}$/);
      const [mail] = r.outbox.to('ann@example.com');
      expect(mail.subject).toBe('Activate your VisualNotes account');
      expect(mail.linkOrCode).toMatch(/^https:\/\/notes\.example\/user\/confirm\?token=/);
    });

    it('gives a registered address no second account: an activated one is mailed a login hint, an inactive one its activation link again', async () => {
      await activated('ann@example.com');
      await registered('bob@example.com');
      await r.service.register(req('auth.register', { name: 'Other', email: 'ANN@example.com', password: 'another pass 2' }));
      await r.service.register(req('auth.register', { name: 'Other', email: 'bob@example.com', password: 'another pass 2' }));
      expect(r.users.rows).toHaveLength(2);
      expect(r.outbox.to('ann@example.com').map((m) => m.subject)).toEqual(['Activate your VisualNotes account', 'Your VisualNotes account']);
      expect(r.outbox.to('ann@example.com')[1].linkOrCode).toBe('https://notes.example/account/login');
      expect(r.outbox.to('bob@example.com').map((m) => m.subject)).toEqual(['Activate your VisualNotes account', 'Activate your VisualNotes account']);
      // the first password stays
      expect(await r.hasher.verify((await r.users.findByEmail('ann@example.com'))!.passwordHash, password)).toBe(true);
    });

    it('mails an address that is registered again at most three times, silently', async () => {
      await activated('ann@example.com');
      for (let i = 0; i < 5; i++) await r.service.register(req('auth.register', { name: 'Ann', email: 'ann@example.com', password }));
      expect(r.outbox.to('ann@example.com').filter((m) => m.subject === 'Your VisualNotes account')).toHaveLength(3);
    });

    it('records the referral code of an existing account and ignores an unknown one', async () => {
      const inviter = await activated('ann@example.com');
      const referred = await registered('bob@example.com', { referral_code: inviter.referralCode });
      const stranger = await registered('carl@example.com', { referral_code: 'nobodys-code' });
      expect(referred.referredBy).toBe(inviter.referralCode);
      expect(stranger.referredBy).toBeNull();
    });
  });

  describe('activation', () => {
    it('activates the account of the mailed link; opening it again keeps the first activation time', async () => {
      const user = await registered('ann@example.com');
      const token = tokenMailedTo(r, 'ann@example.com');
      await r.service.activate(token);
      const first = (await r.users.findById(user.id))!.activatedAt;
      expect(first).toBeInstanceOf(Date);
      await r.service.activate(token);
      expect((await r.users.findById(user.id))!.activatedAt).toEqual(first);
      await expect(r.service.activate('not-a-token')).rejects.toMatchObject({ code: 'LINK_INVALID' });
    });

    it('resends the activation link only to an inactive account', async () => {
      await registered('ann@example.com');
      await activated('bob@example.com');
      await r.service.resendActivation('ann@example.com');
      await r.service.resendActivation('bob@example.com');
      await r.service.resendActivation('nobody@example.com');
      expect(r.outbox.to('ann@example.com')).toHaveLength(2);
      expect(r.outbox.to('bob@example.com')).toHaveLength(1);
      expect(r.outbox.sent).toHaveLength(3);
    });

    it('tells who an activated account is by its address, and nobody for an inactive one', async () => {
      const ann = await activated('ann@example.com');
      await registered('bob@example.com');
      expect(await r.service.byEmail('ann@example.com')).toEqual({ user: { id: ann.id, email: 'ann@example.com', name: 'Ann' } });
      expect(await r.service.byEmail('bob@example.com')).toEqual({ user: null });
    });
  });

  describe('e-mail change', () => {
    it('mails a link to the new address and changes it only when the link is opened, telling the sessions', async () => {
      const ann = await activated('ann@example.com');
      await r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: ' Ann.New@Example.com', password }));
      expect((await r.users.findById(ann.id))!.email).toBe('ann@example.com');
      expect(r.sessions.announced).toEqual([]);
      const mail = r.outbox.to('ann.new@example.com').at(-1)!;
      expect(mail.subject).toBe('Confirm your new e-mail address for VisualNotes');
      expect(mail.linkOrCode).toContain('&kind=email');
      await r.service.confirmEmail(tokenMailedTo(r, 'ann.new@example.com'));
      expect((await r.users.findById(ann.id))!.email).toBe('ann.new@example.com');
      expect(r.sessions.announced).toEqual([ann.id]);
    });

    it('refuses a wrong password and does nothing for the current address', async () => {
      const ann = await activated('ann@example.com');
      const mails = r.outbox.sent.length;
      await expect(
        r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'new@example.com', password: 'wrong pass 1' })),
      ).rejects.toMatchObject({
        code: 'PASSWORD_INCORRECT',
      });
      await r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'ann@example.com', password }));
      expect(r.outbox.sent).toHaveLength(mails);
    });

    it('answers an address in use as any other, mails it a notice without a link, and never moves the account onto it', async () => {
      const ann = await activated('ann@example.com');
      const bob = await activated('bob@example.com');
      const toBob = r.outbox.to('bob@example.com').length;
      await expect(r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'Bob@example.com', password }))).resolves.toBeUndefined();
      const notice = r.outbox.to('bob@example.com').slice(toBob);
      expect(notice).toHaveLength(1);
      expect(notice[0].linkOrCode).toBeUndefined();
      expect(notice[0].text).toMatch(/nothing changed/);
      // no link that could move Ann onto Bob's address was made
      expect([...r.tokens.tokens.values()].filter((t) => t.purpose === 'email')).toEqual([]);
      expect((await r.users.findById(ann.id))!.email).toBe('ann@example.com');
      expect((await r.users.findById(bob.id))!.email).toBe('bob@example.com');
    });

    it("writes the confirmation without the account's own name (it could carry a phishing text)", async () => {
      const ann = await activated('ann@example.com');
      const phishing = 'Your account is locked visit evil example';
      await r.service.updateProfile(req('auth.profile.update', { user_id: ann.id, name: phishing }));
      await r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'new@example.com', password }));
      const mail = r.outbox.to('new@example.com').at(-1)!;
      expect(mail.text).not.toContain(phishing);
      expect(mail.html).not.toContain(phishing);
      expect(mail.text).toMatch(/^Hello,\n\nSomeone asked to use this e-mail address for their VisualNotes account/);
      expect(mail.text).toContain('If it was not you, ignore this e-mail and nothing changes.');
    });

    it('takes at most EMAIL_CHANGE_MAX requests per window, mailing none beyond (taken addresses count too)', async () => {
      const ann = await activated('ann@example.com');
      await activated('bob@example.com');
      const mails = r.outbox.sent.length;
      for (const email of ['one@example.com', 'bob@example.com', 'three@example.com']) {
        await r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email, password }));
      }
      expect(r.outbox.sent).toHaveLength(mails + 3);
      const refused = r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'four@example.com', password }));
      await expect(refused).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        message: Messages.tooManyEmailChanges.replace('{minutes}', '60'),
      });
      expect(r.outbox.sent).toHaveLength(mails + 3);
      expect(r.outbox.to('four@example.com')).toEqual([]);
    });

    it('refuses the link when the address was taken after it was mailed', async () => {
      const ann = await activated('ann@example.com');
      await r.service.changeEmail(req('auth.email.change', { user_id: ann.id, email: 'new@example.com', password }));
      const token = tokenMailedTo(r, 'new@example.com');
      await registered('new@example.com');
      await expect(r.service.confirmEmail(token)).rejects.toMatchObject({ code: 'EMAIL_IN_USE' });
      expect((await r.users.findById(ann.id))!.email).toBe('ann@example.com');
    });
  });

  describe('Google sign-in', () => {
    const google = (data: Record<string, unknown>) =>
      req('auth.google.signIn', { google_id: 'g-1', email: 'ann@example.com', email_verified: true, name: 'Ann G', client, ...data });

    it('refuses an e-mail Google has not verified, creating nothing', async () => {
      await expect(r.service.fromGoogle(google({ email_verified: false }))).rejects.toMatchObject({ code: 'GOOGLE_LOGIN_FAILED' });
      expect(r.users.rows).toHaveLength(0);
    });

    it('links an existing account with that e-mail (activating it), then finds it by its Google id', async () => {
      const ann = await registered('ann@example.com');
      const signedIn = await r.service.fromGoogle(google({ email: ' ANN@example.com' }));
      expect(signedIn).toMatchObject({ id: ann.id, googleId: 'g-1', name: 'Ann' });
      expect(signedIn.activatedAt).toBeInstanceOf(Date);
      const again = await r.service.fromGoogle(google({ email: 'changed@example.com' }));
      expect(again.id).toBe(ann.id);
      expect(r.users.rows).toHaveLength(1);
    });

    it('refuses an account with that e-mail already linked to another Google id', async () => {
      await r.service.fromGoogle(google({}));
      await expect(r.service.fromGoogle(google({ google_id: 'g-2' }))).rejects.toMatchObject({ code: 'GOOGLE_LOGIN_FAILED' });
      expect(r.users.rows).toHaveLength(1);
    });

    it('creates an activated account without a password, named after the address when Google gives no usable name', async () => {
      const user = await r.service.fromGoogle(google({ name: '' }));
      expect(user).toMatchObject({ email: 'ann@example.com', name: 'ann', googleId: 'g-1', passwordHash: null });
      expect(user.activatedAt).toBeInstanceOf(Date);
      expect(await r.users.findByGoogleId('g-1')).toMatchObject({ id: user.id });
      expect(r.outbox.sent).toHaveLength(0);
    });
  });

  describe('account deletion', () => {
    it('needs the account e-mail and password, then tells every other service, ends the sessions and deletes the account', async () => {
      const ann = await activated('ann@example.com');
      await expect(r.service.deleteAccount(req('auth.account.delete', { user_id: ann.id, email: 'bob@example.com', password }))).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: Messages.emailMismatch,
      });
      await expect(
        r.service.deleteAccount(req('auth.account.delete', { user_id: ann.id, email: 'ann@example.com', password: 'wrong pass 1' })),
      ).rejects.toMatchObject({
        code: 'PASSWORD_INCORRECT',
      });
      expect(await r.users.findById(ann.id)).not.toBeNull();
      await r.service.deleteAccount(req('auth.account.delete', { user_id: ann.id, email: ' Ann@Example.com', password }));
      for (const q of Object.values(r.queues))
        expect(q.jobs).toEqual([{ name: Jobs.accountDeleted, data: { userId: ann.id }, jobId: `${Jobs.accountDeleted}-${ann.id}` }]);
      expect(r.sessions.revoked).toEqual([ann.id]);
      expect(await r.users.findById(ann.id)).toBeNull();
      await expect(r.service.get(ann.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('profile, scope and invitations', () => {
    it('saves a new name and language and tells the sessions', async () => {
      const ann = await activated('ann@example.com');
      const { user } = await r.service.updateProfile(req('auth.profile.update', { user_id: ann.id, name: 'Ann B', locale: 'zh-CN' }));
      expect(user).toMatchObject({ name: 'Ann B' });
      expect(await r.users.findById(ann.id)).toMatchObject({ name: 'Ann B', locale: 'zh-CN' });
      expect(r.sessions.announced).toEqual([ann.id]);
    });

    it('sets the scope of the account with that address in any case, and refuses an unknown address', async () => {
      await activated('ann@example.com');
      await r.service.setScope(' ANN@example.com ', ['admin']);
      expect((await r.users.findByEmail('ann@example.com'))!.scope).toEqual(['admin']);
      await expect(r.service.setScope('nobody@example.com', ['admin'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('invites an activated account to the project itself, and anyone else to sign up', async () => {
      await activated('ann@example.com');
      await registered('bob@example.com');
      const project = { project_id: randomUUID(), project_title: 'Plan', inviter_name: 'Carl', role: 'editor' as const };
      await r.service.sendProjectInvitation({ ...project, email: ' Ann@Example.com' });
      await r.service.sendProjectInvitation({ ...project, email: 'bob@example.com' });
      await r.service.sendProjectInvitation({ ...project, email: 'dan@example.com' });
      expect(r.outbox.to('ann@example.com').at(-1)!.linkOrCode).toBe(`https://notes.example/projects/${project.project_id}`);
      expect(r.outbox.to('bob@example.com').at(-1)!.linkOrCode).toBe('https://notes.example/account/login?register=1');
      expect(r.outbox.to('dan@example.com').at(-1)!.linkOrCode).toBe('https://notes.example/account/login?register=1');
    });

    it('sends one address a few invitations per window, then no more (invite, remove, invite again)', async () => {
      const project = { project_id: randomUUID(), project_title: 'Plan', inviter_name: 'Carl', role: 'viewer' as const };
      for (let i = 0; i < 8; i++) await r.service.sendProjectInvitation({ ...project, email: 'target@example.com' });
      expect(r.outbox.to('target@example.com')).toHaveLength(3);
      await r.service.sendProjectInvitation({ ...project, email: 'other@example.com' });
      expect(r.outbox.to('other@example.com')).toHaveLength(1);
    });
  });
});
