import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseEnvSchema, ConfigError, loadConfig } from '../../libs/common/src/config';
import { aiEnvSchema } from '../../services/ai/src/config';
import { authEnvSchema } from '../../services/auth/src/config';
import { gatewayEnvSchema } from '../../services/gateway/src/config';
import { licenseEnvSchema } from '../../services/license/src/config';
import { mediaEnvSchema } from '../../services/media/src/config';
import { publishEnvSchema } from '../../services/publish/src/config';

const schemas = {
  common: baseEnvSchema,
  gateway: gatewayEnvSchema,
  auth: authEnvSchema,
  license: licenseEnvSchema,
  media: mediaEnvSchema,
  ai: aiEnvSchema,
  publish: publishEnvSchema,
};

describe('docs/configuration.md', () => {
  const doc = readFileSync(join(__dirname, '../../docs/configuration.md'), 'utf8');
  const listed = new Set([...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]));

  it('lists every setting of every service', () => {
    const missing = Object.entries(schemas).flatMap(([service, schema]) =>
      Object.keys(schema.shape)
        .filter((key) => !listed.has(key))
        .map((key) => `${service}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists no setting that no service reads', () => {
    const known = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.shape)));
    const outside = new Set(['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL']); // read by the OpenTelemetry SDK
    expect([...listed].filter((key) => !known.has(key) && !outside.has(key))).toEqual([]);
  });

  it('gives worker settings that are not numbers a clear start-up error naming them', () => {
    for (const [schema, key] of [
      [aiEnvSchema, 'AI_SUMMARY_CONCURRENCY'],
      [aiEnvSchema, 'AI_DOCUMENT_CONCURRENCY'],
      [aiEnvSchema, 'AI_TRANSCRIPTION_CONCURRENCY'],
      [aiEnvSchema, 'AI_JOB_LOCK_MS'],
      [mediaEnvSchema, 'MEDIA_JOB_CONCURRENCY'],
    ] as const) {
      expect(() => loadConfig(schema, { [key]: 'lots' })).toThrow(ConfigError);
      expect(() => loadConfig(schema, { [key]: 'lots' })).toThrow(new RegExp(`^Invalid configuration: ${key} .*\\(got "lots"\\)$`));
      expect(() => loadConfig(schema, { [key]: '0' })).toThrow(new RegExp(`^Invalid configuration: ${key} `));
    }
    expect(loadConfig(aiEnvSchema, {})).toMatchObject({
      AI_SUMMARY_CONCURRENCY: 2,
      AI_DOCUMENT_CONCURRENCY: 8,
      AI_TRANSCRIPTION_CONCURRENCY: 4,
      AI_JOB_LOCK_MS: 30_000,
    });
    expect(loadConfig(mediaEnvSchema, {}).MEDIA_JOB_CONCURRENCY).toBe(2);
  });
});
