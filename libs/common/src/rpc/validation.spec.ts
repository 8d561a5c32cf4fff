import { ErrorCatalogue, Messages, Patterns, PublishMessages, requestSchemaOf, type RpcPattern } from '@visualnotes/contracts';
import { z, ZodError } from 'zod';
import { toErrorBody } from './errors';
import { parseRequest, requestError } from './validation';

const schema = (pattern: RpcPattern) => requestSchemaOf(pattern)!;
const userId = '0b7e3f0e-5d0b-4a39-8f2b-6a1d2c3e4f50';
const licenseId = '6f1c7a52-8d4e-4c1b-9a57-0d5f3b2e9a10';
const caller = { user_id: userId, email: 'Owner@Example.com' };

/** The error a bad request is refused with, as the wire carries it. */
function refusal(pattern: RpcPattern, data: unknown) {
  try {
    parseRequest(schema(pattern), data);
  } catch (err) {
    return toErrorBody(err);
  }
  throw new Error(`${pattern} accepted ${JSON.stringify(data)}`);
}

describe('the request check at the RPC boundary', () => {
  it('has a schema for every pattern of every service', () => {
    const patterns = Object.values(Patterns).flatMap((group) => Object.values(group));
    expect(patterns.length).toBeGreaterThan(90);
    expect(patterns.filter((p) => !requestSchemaOf(p))).toEqual([]);
    expect(requestSchemaOf('publish.no.such.pattern')).toBeUndefined();
    expect(requestSchemaOf('toString')).toBeUndefined();
  });

  it('hands back the parsed request: addresses lower-cased, keys normalized, defaults filled, unknown fields dropped', () => {
    const parsed = parseRequest(schema('license.activate'), {
      ...caller,
      key: '4111 1111 1111 1111',
      fingerprint: '  laptop-1 ',
      surprise: true,
    });
    expect(parsed).toEqual({ ...caller, email: 'owner@example.com', key: '4111111111111111', fingerprint: 'laptop-1', device: { name: '', os: '' } });
  });

  it('refuses a missing field with the sentence its schema gives', () => {
    expect(refusal('license.users.add', { ...caller, license_id: licenseId })).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: Messages.licenseUserEmailRequired,
    });
    expect(refusal('license.users.add', { ...caller, license_id: licenseId, user_email: 'not an address' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid e-mail address',
    });
  });

  it("names the field in words when its schema has no sentence, never with a validator's text", () => {
    const body = refusal('license.resume', { ...caller, license_id: licenseId, billing: 'weekly' });
    expect(body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The billing is missing or not valid' });
    expect(refusal('media.videos.progress', { video_id: 'x', done: 1, total: 2 }).message).toBe('The video is missing or not valid');
    expect(refusal('media.videos.update', { owner_id: userId, id: licenseId, tag_ids: 'a' }).message).toBe('The tag list is missing or not valid');
    expect(refusal('auth.dev.outbox', null).message).toBe('The request is missing or not valid');
  });

  it('answers a malformed id like an unknown one (404 with its sentence) and a malformed caller as signed out (401)', () => {
    expect(refusal('license.devices.remove', { ...caller, license_id: 'nope', device_id: licenseId })).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: ErrorCatalogue.NOT_FOUND.message,
    });
    expect(refusal('publish.versions.get', { user_id: userId, id: licenseId, version_id: 7 })).toMatchObject({
      statusCode: 404,
      message: PublishMessages.versionNotFound,
    });
    expect(refusal('license.licenses.list', { user_id: 'someone', email: 'a@b.co' })).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect(refusal('license.licenses.list', { user_id: userId })).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('keeps the catalogue error a schema asks for (a webhook without a signature)', () => {
    expect(refusal('license.stripe.webhook', { payload: '{}', signature: '' })).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', statusCode: 400 });
  });

  it("answers a zod error thrown inside a service with its schema's sentence", () => {
    const thrown = z.object({ billing: z.enum(['monthly'], { error: 'Choose monthly billing' }) }).safeParse({ billing: 1 }).error as ZodError;
    expect(requestError(thrown.issues).code).toBe('VALIDATION_FAILED');
    expect(toErrorBody(thrown)).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Choose monthly billing' });
  });
});
