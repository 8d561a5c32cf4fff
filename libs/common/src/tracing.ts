import type { Attributes, Span, SpanKind, Tracer } from '@opentelemetry/api';
import { requestContext } from './logger';

/**
 * Traces across processes with OpenTelemetry, off unless an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`): then
 * `@opentelemetry/sdk-node` is loaded and exports spans as its standard `OTEL_*` variables say
 * (`OTEL_EXPORTER_OTLP_PROTOCOL` `http/protobuf`, `http/json` or `grpc`, headers, batch delays,
 * sampler, resource attributes). Without an endpoint not even the SDK is loaded: each hook below is
 * one `if` on a module variable.
 *
 * The current span travels in the request context (the same AsyncLocalStorage that carries the
 * request id) and between processes as a W3C `traceparent`: in the RPC envelope (`trace`) and in
 * BullMQ job data (`trace`, added to every job created while a span is current), so one upload is
 * one trace through gateway, media and ai.
 */
let tracer: Tracer | undefined;
let otel: typeof import('@opentelemetry/api') | undefined;
let sdk: { shutdown(): Promise<void> } | undefined;

/** Whether the environment asks for traces. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (String(env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return false;
  if (
    (env.OTEL_TRACES_EXPORTER ?? '')
      .split(',')
      .map((s) => s.trim())
      .includes('none')
  )
    return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Whether this process records spans. */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

/**
 * Starts the SDK for this process (`service.name` is the service; `OTEL_RESOURCE_ATTRIBUTES`
 * adds to it). Does nothing when traces are not wanted or already on. Called once at start.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (tracer || !tracingWanted(env)) return tracer !== undefined;
  // Loaded only here: a process without an endpoint never pays for the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  otel = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { Job } = require('bullmq') as typeof import('bullmq');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const started = new NodeSDK({ serviceName: service, instrumentations: [] });
  started.start();
  sdk = started;
  tracer = otel.trace.getTracer('visualnotes');
  // Every job added while a span is current (Queue.add, addBulk, FlowProducer.add all create jobs
  // through Job.addJob) carries that span's traceparent in its data.
  const proto = Job.prototype as unknown as { addJob: (...args: unknown[]) => unknown; __traced?: boolean };
  if (!proto.__traced) {
    const addJob = proto.addJob;
    proto.addJob = function (this: { data: unknown }, ...args: unknown[]) {
      const trace = currentTraceparent();
      const data = this.data as Record<string, unknown> | undefined;
      if (trace && data && typeof data === 'object' && !Array.isArray(data) && data.trace === undefined) this.data = { ...data, trace };
      return addJob.apply(this, args);
    };
    proto.__traced = true;
  }
  return true;
}

/** Sends the spans still buffered and stops the SDK (at shutdown). */
export async function stopTracing(): Promise<void> {
  const s = sdk;
  sdk = undefined;
  tracer = undefined;
  await s?.shutdown().catch(() => undefined);
}

const KIND = { server: 1, client: 2, producer: 3, consumer: 4, internal: 0 } as const satisfies Record<string, SpanKind>;

/**
 * A new span (undefined when tracing is off), child of `parent`: a `traceparent` from another
 * process, or, when absent, the span current in this request context.
 */
export function startSpan(name: string, kind: keyof typeof KIND, attributes?: Attributes, parent?: string): Span | undefined {
  if (!tracer || !otel) return undefined;
  let ctx = otel.ROOT_CONTEXT;
  if (parent) ctx = otel.propagation.extract(ctx, { traceparent: parent });
  else {
    const current = requestContext.getStore()?.span;
    if (current) ctx = otel.trace.setSpan(ctx, current);
  }
  return tracer.startSpan(name, { kind: KIND[kind], attributes }, ctx);
}

/** Ends a span, marking it failed when `error` is given. */
export function endSpan(span: Span | undefined, error?: unknown, attributes?: Attributes): void {
  if (!span) return;
  if (attributes) span.setAttributes(attributes);
  if (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: 2, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** The W3C `traceparent` of a span, or of the span current in this request context. */
export function currentTraceparent(span?: Span): string | undefined {
  if (!otel) return undefined;
  const s = span ?? requestContext.getStore()?.span;
  if (!s) return undefined;
  const carrier: Record<string, string> = {};
  otel.propagation.inject(otel.trace.setSpan(otel.ROOT_CONTEXT, s), carrier);
  return carrier.traceparent;
}
