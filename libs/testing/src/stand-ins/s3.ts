import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tempDir } from '../infra';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no type declarations; only its constructor, run and close are used.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped package, typed here
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/**
 * A real S3-protocol server (s3rver) on a free local port, files in a temporary folder; the
 * bucket exists from the start. `env` is what a service needs to use it (path-style addressing).
 */
export class S3StandIn {
  private constructor(
    private readonly server: S3rverServer,
    readonly endpoint: string,
    readonly bucket: string,
    readonly directory: string,
  ) {}

  static async start(bucket = 'visualnotes'): Promise<S3StandIn> {
    const directory = tempDir('s3');
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    return new S3StandIn(server, `http://127.0.0.1:${port}`, bucket, directory);
  }

  get env(): Record<string, string> {
    return {
      STORAGE: 's3',
      S3_ENDPOINT: this.endpoint,
      S3_BUCKET: this.bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials; it checks request signatures with them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  async close(): Promise<void> {
    await this.server.close().catch(() => undefined);
    rmSync(this.directory, { recursive: true, force: true });
  }
}
