#!/usr/bin/env node
// Creates the bucket every copy shares (STORAGE=s3) when it is missing; waits up to two minutes
// for the S3 server to answer. Run once before the services start (Compose and the local
// Kubernetes overlay do). Settings: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, as for the services.
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const env = (name) => (process.env[name] ? process.env[name] : undefined);
const bucket = env('S3_BUCKET');
if (!bucket) {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to create the bucket.');
  process.exit(1);
}
const endpoint = env('S3_ENDPOINT');
const client = new S3Client({
  region: env('S3_REGION') ?? 'us-east-1',
  endpoint,
  forcePathStyle: Boolean(endpoint),
  credentials: env('S3_ACCESS_KEY_ID') ? { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY') ?? '' } : undefined,
});
const status = (err) => err?.$metadata?.httpStatusCode;
const until = Date.now() + Number(env('S3_WAIT_MS') ?? 120_000);
let last;
for (;;) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    console.log(`bucket "${bucket}" is there`);
    process.exit(0);
  } catch (err) {
    if (status(err) === 404) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        console.log(`bucket "${bucket}" created`);
        process.exit(0);
      } catch (createErr) {
        last = createErr;
      }
    } else last = err;
  }
  if (Date.now() > until) break;
  await new Promise((r) => setTimeout(r, 2_000));
}
console.error(`Cannot create the bucket "${bucket}" at ${endpoint ?? 'AWS'}: ${last?.name ?? last} ${status(last) ?? ''}`.trim());
process.exit(1);
