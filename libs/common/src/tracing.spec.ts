import { currentTraceparent, startSpan, startTracing, tracingOn, tracingWanted } from './tracing';

describe('tracing switch', () => {
  it('is off unless an OTLP endpoint is set, and then loads no SDK at all', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);

    expect(startTracing('ai', {})).toBe(false);
    expect(tracingOn()).toBe(false);
    expect(startSpan('rpc x', 'client')).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
    expect(Object.keys(require.cache).some((k) => k.includes('@opentelemetry/sdk-node'))).toBe(false);
  });
});
