import { RpcClient } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import { ACTIVATION_LINK, createTestEnv, outboxReader, signUp, waitForMail, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

describe('entitlements and usage (license service over RPC)', () => {
  let t: TestEnv;
  let backend: Backend;
  let rpc: RpcClient;
  let base: string;

  beforeAll(async () => {
    t = await createTestEnv('license_ent', {
      RATE_LIMIT_MAX: '10000',
      VISITOR_VIDEO_SUMMARIES: '3',
      FREE_VIDEO_SUMMARIES_PER_MONTH: '10',
      FREE_DOCUMENT_SUMMARIES_PER_MONTH: '5',
      REFERRAL_FRIENDS_NEEDED: '1',
    });
    backend = await startBackend(t.env, ['auth', 'license']);
    rpc = backend.gateway.app.get(RpcClient, { strict: false });
    base = backend.url;
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const none = { premium: false, publisher: false, desktop_pro: false, unlimited_videos: false, unlimited_summaries: false };

  it('gives a new account nothing, and a visitor-like id nothing', async () => {
    const u = await signUp(base);
    await expect(rpc.send(Patterns.license.entitlements, { userId: u.user.id })).resolves.toEqual(none);
    await expect(rpc.send(Patterns.license.entitlements, { userId: 'not-a-user' })).resolves.toEqual(none);
  });

  it('grants plans from the scope passed by the caller and from the scope stored on the account', async () => {
    const u = await signUp(base);
    await expect(rpc.send(Patterns.license.entitlements, { userId: u.user.id, scope: ['publisher'] })).resolves.toEqual({ ...none, publisher: true });
    await expect(rpc.send(Patterns.license.entitlements, { userId: u.user.id, scope: { premium: true, publisher: false } })).resolves.toEqual({
      premium: true,
      publisher: false,
      desktop_pro: true,
      unlimited_videos: true,
      unlimited_summaries: true,
    });
    const stored = await signUp(base, { scope: ['premium'] });
    const e = await rpc.send(Patterns.license.entitlements, { userId: stored.user.id });
    expect(e).toMatchObject({ premium: true, desktop_pro: true, unlimited_videos: true, unlimited_summaries: true, publisher: false });
  });

  it('counts visitor summaries: 3 videos, no documents, then refuses', async () => {
    const subject = `visitor:${Math.random()}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await rpc.send(Patterns.license.usageConsume, { subject, kind: 'video_summary', visitor: true }));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]).toEqual({ allowed: false, used: 3, limit: 3 });
    await expect(rpc.send(Patterns.license.usageConsume, { subject, kind: 'document_summary', visitor: true })).resolves.toEqual({
      allowed: false,
      used: 0,
      limit: 0,
    });
  });

  it('never passes a limit with 50 parallel calls', async () => {
    const u = await signUp(base);
    const answers = await Promise.all(Array.from({ length: 50 }, () => rpc.send(Patterns.license.usageConsume, { subject: u.user.id, kind: 'video_summary' })));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    expect(answers.filter((a) => !a.allowed).every((a) => a.used === 10 && a.limit === 10)).toBe(true);
    expect(
      answers
        .filter((a) => a.allowed)
        .map((a) => a.used)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const visitor = `visitor:${Math.random()}`;
    const v = await Promise.all(
      Array.from({ length: 50 }, () => rpc.send(Patterns.license.usageConsume, { subject: visitor, kind: 'video_summary', visitor: true })),
    );
    expect(v.filter((a) => a.allowed)).toHaveLength(3);
  });

  it('counts document summaries of a free account separately (5 a month)', async () => {
    const u = await signUp(base);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => rpc.send(Patterns.license.usageConsume, { subject: u.user.id, kind: 'document_summary' })),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
  });

  it('lets premium accounts summarize without limit', async () => {
    const u = await signUp(base, { scope: ['premium'] });
    const answers = await Promise.all(Array.from({ length: 15 }, () => rpc.send(Patterns.license.usageConsume, { subject: u.user.id, kind: 'video_summary' })));
    expect(answers.every((a) => a.allowed && a.limit === null)).toBe(true);
    expect(Math.max(...answers.map((a) => a.used))).toBe(15);
  });

  it('refuses bad usage requests with 400', async () => {
    await expect(rpc.send(Patterns.license.usageConsume, { subject: '', kind: 'video_summary' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(rpc.send(Patterns.license.usageConsume, { subject: 'x', kind: 'nope' as never })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('unlocks unlimited videos and summaries for an inviter whose friend activates', async () => {
    const inviter = await signUp(base);
    const ref = await rpc.send(Patterns.license.referral, { user_id: inviter.user.id });
    expect(ref).toMatchObject({ invited: 0, activated: 0, unlocked: false, needed: 1 });
    expect(ref.link).toMatch(new RegExp(`/refer/${ref.code}$`));

    const email = `friend-${Date.now()}@example.test`;
    // An invitation link's code is checked before sign-up; one that is no account's is said not to be valid.
    await request(backend.http).get(`/api/referral/${ref.code}`).expect(200, { valid: true });
    for (const code of ['NoSuchCode', ref.code.toLowerCase() === ref.code ? `${ref.code}x` : ref.code.toLowerCase(), 'x'.repeat(40), "a'%20OR%201=1"]) {
      await request(backend.http).get(`/api/referral/${code}`).expect(200, { valid: false });
    }
    await request(backend.http).post('/api/auth/register').send({ name: 'Friend', email, password: 'Passw0rd-friend', referral_code: ref.code }).expect(201);
    expect(await rpc.send(Patterns.license.referral, { user_id: inviter.user.id })).toMatchObject({ invited: 1, activated: 0, unlocked: false });
    const token = await waitForMail(outboxReader(base), email, ACTIVATION_LINK);
    await request(backend.http).post('/api/auth/activate').send({ token }).expect(200);
    expect(await rpc.send(Patterns.license.referral, { user_id: inviter.user.id })).toMatchObject({ invited: 1, activated: 1, unlocked: true });
    // the referral answer drops the cached entitlements of the inviter
    const e = await rpc.send(Patterns.license.entitlements, { userId: inviter.user.id });
    expect(e).toEqual({ ...none, unlimited_videos: true, unlimited_summaries: true });
    const use = await rpc.send(Patterns.license.usageConsume, { subject: inviter.user.id, kind: 'document_summary' });
    expect(use).toMatchObject({ allowed: true, limit: null });
  });
});
