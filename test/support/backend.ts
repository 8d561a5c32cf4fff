import { createTestEnv, type TestEnv, type YoutubeStandIn } from '@visualnotes/testing';
import { createServiceApp, type ServiceApp } from '../../libs/common/src';
import type { ServiceName } from '../../libs/contracts/src';
import { aiService } from '../../services/ai/src/service';
import { authService } from '../../services/auth/src/service';
import { createGatewayApp, type Gateway } from '../../services/gateway/src/bootstrap';
import { licenseService } from '../../services/license/src/service';
import { mediaService } from '../../services/media/src/service';
import { publishService } from '../../services/publish/src/service';
import { startStandIns, type StandInOptions, type StartedStandIns } from './transcription';

export const definitions = {
  auth: authService,
  license: licenseService,
  media: mediaService,
  ai: aiService,
  publish: publishService,
} as const;

export { createGatewayApp, type Gateway };

export interface Backend {
  services: Partial<Record<ServiceName, ServiceApp>>;
  gateway: Gateway;
  /** The gateway's Fastify instance, for supertest: `request(backend.http)`. */
  http: Gateway['app']['getHttpServer'] extends () => infer S ? S : never;
  /** The gateway listening on a free local port, for `fetch` and `signUp(backend.url)`. */
  url: string;
  close: () => Promise<void>;
}

/** Every service (or the ones named) and the gateway, in this process, on the given environment. */
export async function startBackend(env: NodeJS.ProcessEnv, only: ServiceName[] = Object.keys(definitions) as ServiceName[]): Promise<Backend> {
  const services: Partial<Record<ServiceName, ServiceApp>> = {};
  for (const name of only) services[name] = (await createServiceApp(definitions[name] as never, env)) as ServiceApp;
  const gateway = await createGatewayApp(env);
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.app.getHttpServer().address() as { port: number };
  return {
    services,
    gateway,
    http: gateway.app.getHttpServer(),
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await gateway.app.close();
      for (const s of Object.values(services)) await s.app.close();
    },
  };
}

/** The in-process backend of a video test with its stand-ins; `close` stops all of it and drops the test's database. */
export interface VideoBackend {
  t: TestEnv;
  backend: Backend;
  yt: YoutubeStandIn;
  close(): Promise<void>;
}

/**
 * The services named (default: auth, license, media and ai) and the gateway in this process, on a
 * fresh test environment pointed at a YouTube stand-in serving `videos` and, when asked, at
 * speech-to-text (`asr`) and chat model (`model`) stand-ins. `env` is added to (and wins over)
 * the stand-ins' environment.
 */
export async function startVideoBackend<O extends StandInOptions>(
  options: O & { label: string; env?: Record<string, string>; services?: ServiceName[] },
): Promise<VideoBackend & StartedStandIns<O>> {
  const standIns = await startStandIns(options);
  let t: TestEnv | undefined;
  try {
    t = await createTestEnv(options.label, { ...standIns.env, ...options.env });
    const backend = await startBackend(t.env, options.services ?? ['auth', 'license', 'media', 'ai']);
    const env = t;
    return {
      yt: standIns.yt,
      asr: standIns.asr,
      model: standIns.model,
      t,
      backend,
      close: async () => {
        await backend.close();
        await env.cleanup();
        await standIns.close();
      },
    } as VideoBackend & StartedStandIns<O>;
  } catch (err) {
    await t?.cleanup();
    await standIns.close();
    throw err;
  }
}
