import { createServiceApp, type ServiceApp } from '../../libs/common/src';
import type { ServiceName } from '../../libs/contracts/src';
import { aiService } from '../../services/ai/src/service';
import { authService } from '../../services/auth/src/service';
import { createGatewayApp, type Gateway } from '../../services/gateway/src/bootstrap';
import { licenseService } from '../../services/license/src/service';
import { mediaService } from '../../services/media/src/service';
import { publishService } from '../../services/publish/src/service';

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
