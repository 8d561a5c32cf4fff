import { prettyLogs } from './logger';

describe('log format', () => {
  it('is pretty on a terminal in development, JSON in production or when the output is not a terminal', () => {
    expect(prettyLogs({ NODE_ENV: 'development' }, true)).toBe(true);
    expect(prettyLogs({}, true)).toBe(true);
    expect(prettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(prettyLogs({ NODE_ENV: 'development' }, false)).toBe(false);
  });
});
