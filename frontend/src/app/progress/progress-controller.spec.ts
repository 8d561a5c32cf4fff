import { createProgressController, type ProgressState } from './progress-controller';

describe('navigation progress timing', () => {
  let changes: ProgressState[];
  const make = () => createProgressController({ onChange: (s) => changes.push(s) });

  beforeEach(() => {
    jest.useFakeTimers();
    changes = [];
  });
  afterEach(() => jest.useRealTimers());

  it('stays hidden for a navigation shorter than the 200 ms throttle', () => {
    const bar = make();
    bar.start();
    jest.advanceTimersByTime(199);
    bar.finish();
    jest.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
    expect(bar.getState()).toEqual({ visible: false, value: 0 });
  });

  it('appears after 200 ms and advances over about 5000 ms, never above 100', () => {
    const bar = make();
    bar.start();
    jest.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    jest.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: true, value: 0 });

    jest.advanceTimersByTime(2500);
    expect(bar.getState().value).toBeCloseTo(50, 5);

    jest.advanceTimersByTime(2500);
    expect(bar.getState().value).toBeCloseTo(100, 5);

    jest.advanceTimersByTime(20_000);
    expect(bar.getState().value).toBe(100);
    expect(Math.max(...changes.map((c) => c.value))).toBeLessThanOrEqual(100);
  });

  it('fills to 100 on finish and hides 500 ms later', () => {
    const bar = make();
    bar.start();
    jest.advanceTimersByTime(1000);
    bar.finish();
    expect(bar.getState()).toEqual({ visible: true, value: 100 });
    jest.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, value: 0 });
  });

  it('restarts without hiding when a new navigation starts during the hide delay', () => {
    const bar = make();
    bar.start();
    jest.advanceTimersByTime(600);
    bar.finish();
    jest.advanceTimersByTime(200);
    bar.start();
    expect(bar.getState()).toEqual({ visible: true, value: 0 });
    jest.advanceTimersByTime(1000);
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().value).toBeCloseTo(20, 5);
  });

  it('ignores a repeated start and a finish without start; dispose cancels timers', () => {
    const bar = make();
    bar.finish();
    bar.start();
    jest.advanceTimersByTime(150);
    bar.start(); // must not reset the throttle
    jest.advanceTimersByTime(50);
    expect(bar.getState().visible).toBe(true);
    bar.dispose();
    const before = bar.getState();
    jest.advanceTimersByTime(5000);
    expect(bar.getState()).toEqual(before);
  });
});
