import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { aiEnvSchema } from '../../services/ai/src/config';

/**
 * docker-compose.yml against the Compose specification's JSON schema (test/fixtures/compose-spec.json,
 * the schema the compose-spec project publishes, as shipped in the `docker-compose` npm package),
 * then the rules that make the stack safe and working: ports on 127.0.0.1 only, pinned images,
 * secrets from .env, healthchecks, init, grace periods, data volumes, mail to Mailpit, the ai profile.
 */
const ROOT = join(__dirname, '../..');
const APP = ['gateway', 'auth', 'license', 'media', 'ai', 'publish'];

type Service = Record<string, any>;
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const envExample = readFileSync(join(ROOT, 'infra/env.example'), 'utf8');

function composeValidator() {
  const schema = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/compose-spec.json'), 'utf8'));
  delete schema.$schema; // draft-07, Ajv's default; its URL spelling is not one Ajv knows by name
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  return (doc: unknown) => (validate(doc) ? null : ajv.errorsText(validate.errors));
}
const validateCompose = composeValidator();

/** Variables set (not commented out) in an env file, and the ones in its commented lines. */
function envFile(text: string, commented = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = (commented ? /^#\s*([A-Z][A-Z0-9_]*)=(.*)$/ : /^([A-Z][A-Z0-9_]*)=(.*)$/).exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}
const seconds = (d: string) => {
  const m = /^(\d+)(s|m)$/.exec(d);
  if (!m) throw new Error(`unexpected duration ${d}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
};

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    expect(validateCompose(compose)).toBeNull();
  });

  it('the schema check has teeth', () => {
    expect(validateCompose({ services: { a: { image: 'x', depends_on: { b: { condition: 'whenever' } } } } })).toMatch(/allowed values/);
    expect(validateCompose({ services: { a: { image: 'x', volumes: 'x:/data' } } })).toMatch(/must be array/);
    expect(validateCompose({ services: { a: { image: 'x', healthcheck: { test: 5 } } } })).not.toBeNull();
    expect(validateCompose({ services: { a: { image: 'x', restart_policy: 'always' } } })).toMatch(/additional properties/);
  });

  it('publishes ports on 127.0.0.1 only', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const p of s.ports ?? []) expect([name, String(p)]).toEqual([name, expect.stringMatching(/^127\.0\.0\.1:\d+:\d+$/)]);
    }
  });

  it('pins every image to a version (no :latest, no bare name)', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.build) {
        expect(s.image).toBe('visualnotes:local');
        continue;
      }
      expect([name, s.image]).toEqual([name, expect.stringMatching(/^[a-z0-9./-]+:(?!latest$)[A-Za-z0-9._-]*\d[A-Za-z0-9._-]*$/)]);
    }
  });

  it('runs the app services with init, a grace period, a healthcheck, the env file and a data volume', () => {
    for (const name of APP) {
      const s = compose.services[name];
      expect([name, s.init, s.env_file, s.environment.SERVICE]).toEqual([name, true, ['.env'], name]);
      expect(seconds(s.stop_grace_period)).toBeGreaterThanOrEqual(30);
      expect(s.healthcheck.test[0]).toBe('CMD');
      expect(s.volumes).toContain('appdata:/data');
      expect(s.depends_on.postgres.condition).toBe('service_healthy');
      expect(s.depends_on['create-bucket'].condition).toBe('service_completed_successfully');
    }
    // Every other long-running service reports its health too.
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.restart === 'no') continue;
      expect([name, Boolean(s.healthcheck)]).toEqual([name, true]);
    }
  });

  it('keeps data in named volumes', () => {
    for (const [name, path] of [
      ['postgres', '/var/lib/postgresql/data'],
      ['redis', '/data'],
      ['s3', '/data'],
      ['mailpit', '/data'],
    ]) {
      const volume = (compose.services[name].volumes as string[]).find((v) => v.endsWith(`:${path}`))!;
      expect(compose.volumes).toHaveProperty(volume.split(':')[0]);
    }
  });

  it('takes every password and key from .env (no default), and env.example names each of them', () => {
    const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const required = [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]))];
    expect(required.sort()).toEqual(['POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    const example = envFile(envExample);
    for (const name of required) expect(example).toHaveProperty(name);
    // The passwords are left for the operator to choose.
    expect([example.POSTGRES_PASSWORD, example.REDIS_PASSWORD, example.S3_SECRET_ACCESS_KEY]).toEqual(['', '', '']);
    for (const [name, s] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries((s.environment ?? {}) as Record<string, string>)) {
        if (/PASSWORD|SECRET/.test(key)) expect([name, key, value]).toEqual([name, key, expect.stringMatching(/\$\{[A-Z0-9_]+:\?/)]);
      }
    }
    expect(compose.services.gateway.environment.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
    expect(compose.services.gateway.environment.REDIS_URL).toMatch(/\$\{REDIS_PASSWORD:\?/);
  });

  it('sends mail to Mailpit by default and stores files in the S3 server', () => {
    const env = compose.services.auth.environment;
    expect(env.SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
    expect(compose.services.mailpit).toBeDefined();
    expect(env.STORAGE).toBe('s3');
    expect(new URL(env.S3_ENDPOINT).hostname).toBe('s3');
    expect(compose.services.s3.image).toMatch(/^chrislusf\/seaweedfs:/);
  });

  it('gives a stopping ai worker longer than one model call, with the local models too', () => {
    const timeouts = [aiEnvSchema.parse({}).AI_TIMEOUT_MS, Number(envFile(envExample, true).AI_TIMEOUT_MS ?? 0)];
    expect(seconds(compose.services.ai.stop_grace_period)).toBeGreaterThan(Math.max(...timeouts) / 1000);
    // and the worker itself waits that long for its jobs before it exits
    expect(Number(compose.services.ai.environment.SHUTDOWN_TIMEOUT_MS)).toBeGreaterThan(Math.max(...timeouts));
  });

  it('lets every app service finish what it holds before the container is killed', () => {
    for (const name of APP) {
      const s = compose.services[name];
      // a copy exits at most 5 s after its time-out
      expect([name, Number(s.environment.SHUTDOWN_TIMEOUT_MS) / 1000 + 5 <= seconds(s.stop_grace_period)]).toEqual([name, true]);
    }
  });

  it('has an ai profile with a local speech-to-text server and chat model, wired by the env file', () => {
    const inProfile = Object.entries(compose.services)
      .filter(([, s]) => (s.profiles ?? []).includes('ai'))
      .map(([n]) => n);
    expect(inProfile.sort()).toEqual(['ai-models', 'ollama', 'speaches']);
    const block = envFile(envExample, true);
    expect(block.COMPOSE_PROFILES).toBe('ai');
    expect(new URL(block.ASR_BASE_URL).hostname).toBe('speaches');
    expect(new URL(block.AI_BASE_URL).hostname).toBe('ollama');
    expect(block.ASR_BASE_URL).toMatch(/\/v1$/);
    expect(block.AI_BASE_URL).toMatch(/\/v1$/);
    // The ai workers wait for the models when the profile is on, and start without it otherwise.
    expect(compose.services.ai.depends_on['ai-models']).toEqual({ condition: 'service_completed_successfully', required: false });
  });
});
