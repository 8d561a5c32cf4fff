import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received: method, path under `/api`, headers, parsed JSON body. */
export interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export type Reply = { status: number; body?: unknown };
export type Handler = (req: Received) => Reply | Promise<Reply>;

/**
 * A tiny HTTP server standing in for the gateway in component specs: each route (`METHOD /path`
 * under `/api`) answers what the spec says, and every request is recorded for the spec to check.
 * Unknown routes answer 404 as the gateway does.
 */
export class ApiServer {
  readonly received: Received[] = [];
  private readonly routes = new Map<string, Handler>();
  private server: Server | undefined;
  origin = '';

  on(route: string, handler: Handler | Reply): this {
    this.routes.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a form upload): kept as text
    }
    const path = (req.url ?? '/').replace(/^\/api/, '').split('?')[0];
    const received: Received = { method: req.method ?? 'GET', path, authorization: req.headers.authorization, body };
    this.received.push(received);
    const handler = this.routes.get(`${received.method} ${path}`);
    const reply = handler ? await handler(received) : { status: 404, body: { statusCode: 404, message: 'Not found', code: 'NOT_FOUND' } };
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  }
}

/** Points the app's relative `/api/...` URLs at `server` (the document's base URL). */
export function useServerAsBase(server: ApiServer) {
  let base = document.querySelector('base');
  if (!base) {
    base = document.createElement('base');
    document.head.appendChild(base);
  }
  base.href = `${server.origin}/`;
}
