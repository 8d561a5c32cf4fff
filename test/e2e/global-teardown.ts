import { rmSync } from 'node:fs';
import type { Stack } from '../../libs/testing/src';

export default async function e2eTeardown() {
  const stack = (globalThis as Record<string, unknown>).__stack as Stack | undefined;
  await stack?.close();
  if (process.env.E2E_FRONTEND_DIST) rmSync(process.env.E2E_FRONTEND_DIST, { recursive: true, force: true });
}
