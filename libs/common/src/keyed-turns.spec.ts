import { KeyedTurns } from './keyed-turns';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('KeyedTurns', () => {
  it('runs the tasks of one key one after another, in order, and other keys alongside', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await later(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([turns.run('ann', task('a1', 30)), turns.run('ann', task('a2', 1)), turns.run('bob', task('b1', 5))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
    expect(turns.size).toBe(0);
  });

  it('goes on after a task that failed, and hands its caller the failure', async () => {
    const turns = new KeyedTurns();
    const failed = turns.run('ann', async () => {
      throw new Error('no');
    });
    const next = turns.run('ann', async () => 'ok');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('ok');
  });
});
