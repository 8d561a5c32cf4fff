import { createPublicKey, verify } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { RpcClient } from '@visualnotes/common';
import { Jobs, luhnCheckDigit, Messages, Patterns, Queues, type LicenseView } from '@visualnotes/contracts';
import { createTestEnv, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import type { Queue } from 'bullmq';
import Stripe from 'stripe';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

const WEBHOOK_SECRET = 'whsec_test_secret';

describe('licenses, devices, users, payments (through the gateway)', () => {
  let t: TestEnv;
  let backend: Backend;
  let rpc: RpcClient;
  let owner: SignedUp;
  let other: SignedUp;
  const stripe = new Stripe('sk_test_placeholder');

  beforeAll(async () => {
    t = await createTestEnv('license_lic', {
      RATE_LIMIT_MAX: '100000',
      KEY_GUESS_MAX: '6',
      KEY_GUESS_MAX_PER_IP: '10000',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BODY_LIMIT_BYTES: '8192',
    });
    backend = await startBackend(t.env, ['auth', 'license']);
    rpc = backend.gateway.app.get(RpcClient, { strict: false });
    [owner, other] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const http = () => request(backend.http);
  const as = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const issue = (
    email: string,
    tier: 'pro' | 'pro_plus' | 'pro_max' = 'pro',
    plan: 'monthly' | 'yearly' | 'lifetime' = 'yearly',
    product?: 'desktop' | 'premium' | 'publisher',
  ) => rpc.send(Patterns.license.issue, { email, tier, plan, product });
  const activate = (u: SignedUp, key: string, fingerprint: string) =>
    http()
      .post('/api/licenses/activate')
      .set(as(u))
      .send({ key, fingerprint, device: { name: `PC ${fingerprint}`, os: 'Windows 11' } });
  const unknownKey = () => {
    const body = '9' + String(Math.floor(Math.random() * 1e14)).padStart(14, '0');
    return body + luhnCheckDigit(body);
  };

  it('serves the plans with prices in $, the 30-day money-back guarantee and the device tiers', async () => {
    const res = await http().get('/api/plans').expect(200);
    expect(res.body.currency).toBe('$');
    expect(res.body.money_back_days).toBe(30);
    expect(res.body.checkout).toBe(false);
    const desktop = res.body.plans.find((p: { id: string }) => p.id === 'desktop');
    expect(desktop.tiers.map((x: { max_devices: number }) => x.max_devices)).toEqual([4, 8, 20]);
    expect(res.body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'premium', 'publisher', 'desktop']);
  });

  it('lists an issued license for its owner with a 16-digit key and status Active, and not for others', async () => {
    const l = await issue(owner.email, 'pro', 'yearly');
    expect(l.key).toMatch(/^\d{16}$/);
    const mine = await http().get('/api/licenses').set(as(owner)).expect(200);
    const found = mine.body.find((x: LicenseView) => x.id === l.id);
    expect(found).toMatchObject({ status: 'Active', plan: 'yearly', tier: 'pro', max_devices: 4, devices: [], users: [], owner: true });
    expect(found.valid_until).toBeTruthy();
    const theirs = await http().get('/api/licenses').set(as(other)).expect(200);
    expect(theirs.body.find((x: LicenseView) => x.id === l.id)).toBeUndefined();
    await http().get('/api/licenses').expect(401);
  });

  it('refuses malformed keys before any look-up, without counting them as guesses', async () => {
    const l = await issue(owner.email);
    const typo = l.key.slice(0, 15) + String((Number(l.key[15]) + 1) % 10);
    for (const key of ['123456789012345', '12345678901234567', 'abcdefghijklmnop', typo, '', 42]) {
      const res = await activate(owner, key as string, 'fp-x');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(key === '' ? Messages.licenseKeyRequired : Messages.licenseNotFound);
    }
    for (let i = 0; i < 10; i++) await activate(owner, typo, 'fp-x').expect(400);
    // still not throttled: a valid activation works
    await activate(owner, l.key, 'fp-ok').expect(200);
  });

  it('activates a device with a token verifiable offline, reuses the slot for the same device', async () => {
    const l = await issue(owner.email, 'pro', 'lifetime');
    const first = await activate(owner, l.key.replace(/(\d{4})(?=\d)/g, '$1-'), 'fp-laptop').expect(200);
    expect(first.body.device).toMatchObject({ fingerprint: 'fp-laptop', name: 'PC fp-laptop', os: 'Windows 11' });
    expect(first.body.license.devices).toHaveLength(1);

    const pk = await http().get('/api/licenses/public-key').expect(200);
    expect(pk.body.jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    const [h, p, s] = first.body.activation_token.split('.');
    const key = createPublicKey({ key: pk.body.jwk, format: 'jwk' });
    expect(verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(claims).toMatchObject({ license_id: l.id, fingerprint: 'fp-laptop', tier: 'pro', max_devices: 4, valid_until: null });
    // a tampered token fails
    const forged = Buffer.from(JSON.stringify({ ...claims, max_devices: 20 })).toString('base64url');
    expect(verify(null, Buffer.from(`${h}.${forged}`), key, Buffer.from(s, 'base64url'))).toBe(false);

    const again = await activate(owner, l.key, 'fp-laptop').expect(200);
    expect(again.body.device.id).toBe(first.body.device.id);
    expect(again.body.license.devices).toHaveLength(1);
  });

  it('refuses the device after the last slot with the catalogue text, and a removed device frees its slot', async () => {
    const l = await issue(owner.email, 'pro');
    for (let i = 0; i < 4; i++) await activate(owner, l.key, `fp-full-${i}`).expect(200);
    const full = await activate(owner, l.key, 'fp-full-4').expect(409);
    expect(full.body).toEqual({ statusCode: 409, message: Messages.licenseFull });
    await activate(owner, l.key, 'fp-full-2').expect(200); // already active: still fine

    const list = (await http().get('/api/licenses').set(as(owner)).expect(200)).body as LicenseView[];
    const lic = list.find((x) => x.id === l.id)!;
    const victim = lic.devices.find((d) => d.fingerprint === 'fp-full-0')!;
    await http().delete(`/api/licenses/${l.id}/devices/${victim.id}`).set(as(other)).expect(404);
    const after = await http().delete(`/api/licenses/${l.id}/devices/${victim.id}`).set(as(owner)).expect(200);
    expect(after.body.devices).toHaveLength(3);
    await activate(owner, l.key, 'fp-full-4').expect(200);
  });

  it('lets a user added to the license remove only the devices they activated, and limits removals to the slot count', async () => {
    const l = await issue(owner.email, 'pro');
    const member = await signUp(backend.url);
    await http().post(`/api/licenses/${l.id}/users`).set(as(owner)).send({ email: member.email }).expect(200);
    await activate(owner, l.key, 'fp-own').expect(200);
    await activate(member, l.key, 'fp-mine').expect(200);
    const seen = ((await http().get('/api/licenses').set(as(member)).expect(200)).body as LicenseView[]).find((x) => x.id === l.id)!;
    const owners = seen.devices.find((d) => d.fingerprint === 'fp-own')!;
    const mine = seen.devices.find((d) => d.fingerprint === 'fp-mine')!;
    expect([owners.removable, mine.removable]).toEqual([false, true]);
    const refused = await http().delete(`/api/licenses/${l.id}/devices/${owners.id}`).set(as(member)).expect(403);
    expect(refused.body.message).toBe(Messages.deviceNotYours);
    await http().delete(`/api/licenses/${l.id}/devices/${mine.id}`).set(as(member)).expect(200);

    // Removing and activating in turn: as many removals as the license has slots (4), then 429.
    for (let i = 0; i < 4; i++) {
      const { body } = await activate(owner, l.key, `fp-cycle-${i}`).expect(200);
      const res = await http().delete(`/api/licenses/${l.id}/devices/${body.device.id}`).set(as(owner));
      if (i < 3) expect(res.status).toBe(200);
      else expect(res.body).toEqual({ statusCode: 429, message: Messages.deviceRemovalsUsedUp });
    }
    const lic = ((await http().get('/api/licenses').set(as(owner))).body as LicenseView[]).find((x) => x.id === l.id)!;
    expect(lic.devices.map((d) => d.fingerprint).sort()).toEqual(['fp-cycle-3', 'fp-own']);
  });

  it('gives activation tokens a short offline life, renewed by activating again', async () => {
    const l = await issue(owner.email, 'pro', 'lifetime');
    const { body } = await activate(owner, l.key, 'fp-ttl').expect(200);
    const claims = JSON.parse(Buffer.from(body.activation_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(14 * 86_400);
  });

  it('counts a burst of parallel key guesses like guesses one after another', async () => {
    const guesser = await signUp(backend.url);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => activate(guesser, unknownKey(), `fp-burst-${i}`)));
    expect(answers.filter((a) => a.status === 404)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(14);
  });

  it('gives the last free slot to exactly one of many parallel activations', async () => {
    const l = await issue(owner.email, 'pro');
    for (let i = 0; i < 3; i++) await activate(owner, l.key, `fp-race-base-${i}`).expect(200);
    // as many at once as the key guard lets one account try (KEY_GUESS_MAX, 6 here)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => activate(owner, l.key, `fp-race-${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.message === Messages.licenseFull)).toHaveLength(5);
    const lic = ((await http().get('/api/licenses').set(as(owner))).body as LicenseView[]).find((x) => x.id === l.id)!;
    expect(lic.devices).toHaveLength(4);
  });

  it("answers an unknown key and another user's key alike, and throttles key guessing", async () => {
    const guesser = await signUp(backend.url);
    const l = await issue(owner.email);
    const res = await activate(guesser, unknownKey(), 'fp-g').expect(404);
    expect(res.body.message).toBe(Messages.licenseNotFound);
    const foreign = await activate(guesser, l.key, 'fp-g').expect(404);
    expect(foreign.body.message).toBe(Messages.licenseNotFound);
    for (let i = 0; i < 4; i++) await activate(guesser, unknownKey(), 'fp-g').expect(404);
    // 6 failures: now even the right key is refused until the window ends
    await activate(guesser, unknownKey(), 'fp-g').expect(429);
  });

  it('lets the owner add and remove users by e-mail; added users get the benefits, not the management', async () => {
    const l = await issue(owner.email, 'pro_plus', 'monthly', 'premium');
    const member = await signUp(backend.url);
    const empty = await http().post(`/api/licenses/${l.id}/users`).set(as(owner)).send({ email: '' }).expect(400);
    expect(empty.body.message).toBe('an e-mail address is required');
    const missing = await http().post(`/api/licenses/${l.id}/users`).set(as(owner)).send({}).expect(400);
    expect(missing.body.message).toBe('an e-mail address is required');
    await http().post(`/api/licenses/${l.id}/users`).set(as(other)).send({ email: other.email }).expect(404);

    expect((await rpc.send(Patterns.license.entitlements, { userId: member.user.id })).premium).toBe(false);
    const added = await http().post(`/api/licenses/${l.id}/users`).set(as(owner)).send({ email: member.email.toUpperCase() }).expect(200);
    expect(added.body.users).toEqual([{ email: member.email }]);
    expect(await rpc.send(Patterns.license.entitlements, { userId: member.user.id })).toMatchObject({
      premium: true,
      desktop_pro: true,
      unlimited_videos: true,
    });
    const seen = ((await http().get('/api/licenses').set(as(member)).expect(200)).body as LicenseView[]).find((x) => x.id === l.id);
    expect(seen).toMatchObject({ owner: false });
    await activate(member, l.key, 'fp-member').expect(200);
    await http().post(`/api/licenses/${l.id}/users`).set(as(member)).send({ email: 'x@example.test' }).expect(403);
    await http().post(`/api/licenses/${l.id}/unsubscribe`).set(as(member)).expect(403);

    await http()
      .delete(`/api/licenses/${l.id}/users/${encodeURIComponent(member.email)}`)
      .set(as(owner))
      .expect(200);
    expect((await rpc.send(Patterns.license.entitlements, { userId: member.user.id })).premium).toBe(false);
    await activate(member, l.key, 'fp-member-2').expect(404);
  });

  it('unsubscribes and resumes (monthly or yearly)', async () => {
    const l = await issue(owner.email, 'pro', 'monthly');
    const off = await http().post(`/api/licenses/${l.id}/unsubscribe`).set(as(owner)).expect(200);
    expect(off.body.status).toBe('Active (Subscription canceled)');
    const on = await http().post(`/api/licenses/${l.id}/resume`).set(as(owner)).send({ billing: 'yearly' }).expect(200);
    expect(on.body).toMatchObject({ status: 'Active', plan: 'yearly' });
    await http().post(`/api/licenses/${l.id}/resume`).set(as(owner)).send({ billing: 'weekly' }).expect(400);
    const life = await issue(owner.email, 'pro', 'lifetime');
    await http().post(`/api/licenses/${life.id}/unsubscribe`).set(as(owner)).expect(400);
    await http().post(`/api/licenses/not-a-uuid/unsubscribe`).set(as(owner)).expect(404);
  });

  it('shows entitlements with usage and limits', async () => {
    const u = await signUp(backend.url);
    const before = await http().get('/api/entitlements').set(as(u)).expect(200);
    expect(before.body).toMatchObject({ plans: ['free'], premium: false, publisher: false, usage: { video_summaries: 0, document_summaries: 0 } });
    expect(before.body.limits.video_summaries).toBeGreaterThan(0);
    await issue(u.email, 'pro', 'yearly', 'publisher');
    const after = await http().get('/api/entitlements').set(as(u)).expect(200);
    expect(after.body).toMatchObject({ plans: ['publisher'], publisher: true, premium: false });
  });

  describe('Stripe webhooks', () => {
    const send = (event: object, secret = WEBHOOK_SECRET) => {
      const payload = JSON.stringify(event);
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
      return http().post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', header).send(payload);
    };
    const completed = (id: string, u: SignedUp, sub: string) => ({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${id}`,
          object: 'checkout.session',
          payment_status: 'paid',
          subscription: sub,
          metadata: { user_id: u.user.id, email: u.email, product: 'premium', tier: 'pro', plan: 'monthly' },
        },
      },
    });

    it('creates a license once, however often the event is delivered, and refuses bad signatures', async () => {
      const buyer = await signUp(backend.url);
      const event = completed('evt_1', buyer, 'sub_1');
      await send(event, 'whsec_wrong').expect(400);
      await http().post('/api/stripe/webhook').set('content-type', 'application/json').send(JSON.stringify(event)).expect(400);
      expect((await http().get('/api/licenses').set(as(buyer))).body).toHaveLength(0);

      const first = await send(event).expect(200);
      expect(first.body).toEqual({ received: true, duplicate: false });
      const replay = await send(event).expect(200);
      expect(replay.body.duplicate).toBe(true);
      // the same session in a new event (Stripe retries with new ids only for new events): still one license
      await send({ ...event, id: 'evt_1b' }).expect(200);
      const list = (await http().get('/api/licenses').set(as(buyer))).body as LicenseView[];
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ product: 'premium', plan: 'monthly', status: 'Active' });
      expect((await rpc.send(Patterns.license.entitlements, { userId: buyer.user.id })).premium).toBe(true);

      // renewal extends, cancellation shows, deletion ends
      const end = Math.floor(Date.now() / 1000) + 86400 * 60;
      await send({
        id: 'evt_2',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', subscription: 'sub_1', lines: { data: [{ period: { end } }] } } },
      }).expect(200);
      let lic = ((await http().get('/api/licenses').set(as(buyer))).body as LicenseView[])[0];
      expect(new Date(lic.valid_until!).getTime()).toBe(end * 1000);
      await send({ id: 'evt_3', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_1', cancel_at_period_end: true } } }).expect(
        200,
      );
      lic = ((await http().get('/api/licenses').set(as(buyer))).body as LicenseView[])[0];
      expect(lic.status).toBe('Active (Subscription canceled)');
      await send({ id: 'evt_4', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1' } } }).expect(200);
      lic = ((await http().get('/api/licenses').set(as(buyer))).body as LicenseView[])[0];
      expect(lic.expired).toBe(true);
      expect((await rpc.send(Patterns.license.entitlements, { userId: buyer.user.id })).premium).toBe(false);
    });

    it('still refuses JSON bodies over the size limit (the raw body is kept for signatures)', async () => {
      const res = await http()
        .post('/api/stripe/webhook')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ big: 'x'.repeat(20_000) }));
      expect(res.status).toBe(413);
    });

    it('answers 503 for checkout without Stripe configured', async () => {
      const res = await http().post('/api/licenses/checkout').set(as(owner)).send({ product: 'premium', billing: 'monthly' }).expect(503);
      expect(res.body.message).toBe(Messages.paymentsNotConfigured);
    });
  });

  it('redeems a deal-site code once for a lifetime license', async () => {
    const u = await signUp(backend.url);
    const imported = await rpc.send(Patterns.license.importCodes, { codes: ['DEAL-ABC-123', 'DEAL-ABC-123', 'bad code!'], tier: 'pro_plus' });
    expect(imported).toEqual({ imported: 1, skipped: 2 });
    const res = await http().post('/api/licenses/redeem').set(as(u)).send({ code: 'deal-abc-123' }).expect(200);
    expect(res.body).toMatchObject({ plan: 'lifetime', tier: 'pro_plus', max_devices: 8, valid_until: null, status: 'Active' });
    const again = await http().post('/api/licenses/redeem').set(as(other)).send({ code: 'DEAL-ABC-123' }).expect(400);
    expect(again.body.message).toBe(Messages.redeemCodeInvalid);
  });

  it('revokes the licenses of a deleted account (idempotently)', async () => {
    const u = await signUp(backend.url);
    await issue(u.email, 'pro', 'yearly', 'premium');
    await http().get('/api/licenses').set(as(u)).expect(200);
    expect((await rpc.send(Patterns.license.entitlements, { userId: u.user.id })).premium).toBe(true);
    const queue = backend.services.license!.app.get<Queue>(getQueueToken(Queues.licenseEvents), { strict: false });
    const job = await queue.add(Jobs.accountDeleted, { userId: u.user.id }, { jobId: `del-${u.user.id}` });
    await waitFor(async () => (await job.getState()) === 'completed', 15_000);
    const again = await queue.add(Jobs.accountDeleted, { userId: u.user.id }, { jobId: `del2-${u.user.id}` });
    await waitFor(async () => (await again.getState()) === 'completed', 15_000);
    expect((await http().get('/api/licenses').set(as(u))).body).toHaveLength(0);
    expect((await rpc.send(Patterns.license.entitlements, { userId: u.user.id, email: u.email })).premium).toBe(false);
  });
});
