import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import { signUp, tempDir, waitFor, type SignedUp } from '@visualnotes/testing';
import request from 'supertest';
import { startVideoBackend, type VideoBackend } from '../../../../test/support/backend';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

// A server without a speech-to-text endpoint: the transcription's child job fails for good, and
// BullMQ fails the import with "child <key> failed". The user reads the child's reason.
describe('videos whose processing fails in a child job', () => {
  let harness: VideoBackend | undefined;
  let user: SignedUp;

  beforeAll(async () => {
    harness = await startVideoBackend({ label: 'video-failures', videos: [] });
    user = await signUp(harness.backend.url);
  }, 90_000);
  afterAll(() => harness?.close());

  it("shows the failed step's own message on the video, not a generic one", async () => {
    const wav = join(tempDir('failures'), 'talk.wav');
    execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=2', wav]);
    const http = harness!.backend.http;
    const auth = { authorization: `Bearer ${user.token}` };
    const up = await request(http).post('/api/uploads').set(auth).attach('file', readFileSync(wav), { filename: 'talk.wav' }).expect(201);
    const created = await request(http).post('/api/videos').set(auth).send({ file_id: up.body.file_id }).expect(202);
    const failed = await waitFor(
      async () => {
        const res = await request(http).get(`/api/videos/${created.body.video.id}`).set(auth);
        return res.body.status === 'failed' ? (res.body as { error: string }) : null;
      },
      30_000,
      200,
    );
    expect(failed?.error).toBe(Messages.transcriptionUnavailable);
    // and in the library list, which does not look at the jobs again
    const list = await request(http).get('/api/videos').set(auth).expect(200);
    expect(JSON.stringify(list.body)).toContain(Messages.transcriptionUnavailable);
  });
});
