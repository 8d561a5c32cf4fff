import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoView } from '@visualnotes/contracts';
import { S3StandIn, signUp, tempDir, waitFor, type OpenAiStandIn, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { S3Storage } from '../../libs/common/src/storage';
import { startVideoBackend, type Backend, type VideoBackend } from '../support/backend';
import { toneWithPauses } from '../support/transcription';

/**
 * The product with STORAGE=s3 against a real S3-protocol server: uploads stream to the bucket,
 * and a transcription has media write audio chunks that the ai worker reads back from it.
 */
describe('S3 storage end to end (uploads, transcription)', () => {
  let s3: S3StandIn;
  let harness: VideoBackend | undefined;
  let asr: OpenAiStandIn;
  let t: TestEnv;
  let backend: Backend;
  let bucket: S3Storage;
  let alice: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    s3 = await S3StandIn.start();
    // 8 s of tone with a silence in the middle: two chunks of 4 s.
    const talk = toneWithPauses(tempDir('s3-audio'), 'talk', 8, [[3.6, 4.4]], 16_000);
    const started = await startVideoBackend({
      label: 's3',
      videos: [{ id: 's3talk00000', title: 'A talk stored in S3', lengthSeconds: 8, audio: talk }],
      asr: {},
      env: { ...s3.env, MEDIA_CHUNK_SECONDS: '4', UPLOAD_LIMIT_BYTES: String(12 * 1024 * 1024) },
    });
    harness = started;
    ({ t, backend, asr } = started);
    bucket = new S3Storage(s3.bucket, { endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    alice = await signUp(backend.url);
  }, 90_000);
  afterAll(async () => {
    await harness?.close();
    await s3?.close();
  });

  it('streams an upload into the bucket', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nStored in a bucket.\n';
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(alice))
      .attach('file', Buffer.from(srt), { filename: 'talk.srt', contentType: 'application/x-subrip' })
      .expect(201);
    await expect(bucket.getBuffer(`uploads/${up.body.file_id}`)).resolves.toEqual(Buffer.from(srt));
    // Nothing went to the local folder.
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false);
  });

  const uploadsInBucket = async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/' }));
    client.destroy();
    return (out.Contents ?? []).map((o) => o.Key);
  };

  it('refuses an upload over the limit through the multipart path and keeps nothing', async () => {
    const before = await uploadsInBucket();
    const body = Buffer.alloc(20 * 1024 * 1024, 7);
    const res = await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', body, { filename: 'big.txt', contentType: 'text/plain' });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than the limit/);
    expect(await uploadsInBucket()).toEqual(before);
  });

  it('transcribes a video whose audio chunks go through the bucket', async () => {
    const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/s3talk00000' }).expect(202);
    const video = (await waitFor(
      async () => {
        const r = await request(backend.http).get(`/api/videos/${res.body.video.id}`).set(auth(alice));
        if (r.body.status === 'failed') throw new Error(`video failed: ${r.body.error}`);
        return r.body.status === 'ready' ? (r.body as VideoView) : null;
      },
      40_000,
      200,
    )) as VideoView;
    expect(video.transcript_source).toBe('transcription');
    expect(video.transcript.map((l) => l.text)).toEqual(['chunk 0 spoken words.', 'chunk 1 spoken words.']);
    expect(asr.transcriptions).toHaveLength(2);
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false);
  });
});
