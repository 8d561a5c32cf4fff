import { baseEnvSchema, ConfigError, loadConfig, publicUrl } from './config';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig(baseEnvSchema, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/visualnotes');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.PORT).toBe(3000);
    expect(publicUrl(config)).toBe('http://localhost:3000');
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig(baseEnvSchema, { REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
    expect(() => loadConfig(baseEnvSchema, { PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT [^\n]*\(got "eighty"\)$/);
  });

  it('keeps the test routes off unless asked for, and never with NODE_ENV=production', () => {
    expect(loadConfig(baseEnvSchema, {}).TEST_ROUTES).toBe(false);
    expect(loadConfig(baseEnvSchema, { NODE_ENV: 'production' }).TEST_ROUTES).toBe(false);
    expect(loadConfig(baseEnvSchema, { TEST_ROUTES: '1' }).TEST_ROUTES).toBe(true);
    expect(loadConfig(baseEnvSchema, { TEST_ROUTES: '0' }).TEST_ROUTES).toBe(false);
    expect(() => loadConfig(baseEnvSchema, { TEST_ROUTES: 'maybe' })).toThrow(/^Invalid configuration: TEST_ROUTES /);
    expect(() => loadConfig(baseEnvSchema, { TEST_ROUTES: '1', NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: TEST_ROUTES must not be set with NODE_ENV=production/,
    );
  });

  it('takes an empty variable as unset (env files write NAME= for no value)', () => {
    const config = loadConfig(baseEnvSchema, { S3_ENDPOINT: '', PUBLIC_URL: '', DATA_DIR: '', METRICS_PORT: '' });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
    expect(config.METRICS_PORT).toBeUndefined();
  });
});
