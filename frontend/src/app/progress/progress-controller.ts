import { PROGRESS_DURATION_MS, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS, PROGRESS_TICK_MS } from '../constants';

export interface ProgressState {
  visible: boolean;
  /** 0..100 */
  value: number;
}

export interface ProgressOptions {
  throttleMs?: number;
  durationMs?: number;
  hideDelayMs?: number;
  tickMs?: number;
  onChange: (state: ProgressState) => void;
}

export interface ProgressController {
  /** A navigation started (calling it again while pending is a no-op). */
  start(): void;
  /** The navigation finished (or failed). */
  finish(): void;
  getState(): ProgressState;
  dispose(): void;
}

export const clampProgress = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Timing of the thin navigation bar: nothing is shown for quick navigations
 * (throttle), the bar then advances linearly to 100 over `durationMs`, jumps to 100 on finish
 * and hides `hideDelayMs` later. Pure apart from the global timers, so it runs under fake timers.
 */
export function createProgressController(options: ProgressOptions): ProgressController {
  const throttleMs = options.throttleMs ?? PROGRESS_THROTTLE_MS;
  const durationMs = options.durationMs ?? PROGRESS_DURATION_MS;
  const hideDelayMs = options.hideDelayMs ?? PROGRESS_HIDE_DELAY_MS;
  const tickMs = options.tickMs ?? PROGRESS_TICK_MS;
  const step = (100 * tickMs) / durationMs;

  let state: ProgressState = { visible: false, value: 0 };
  let pending = false;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;

  const set = (next: ProgressState) => {
    const clamped = { visible: next.visible, value: clampProgress(next.value) };
    if (clamped.visible === state.visible && clamped.value === state.value) return;
    state = clamped;
    options.onChange(state);
  };

  const stopTicking = () => {
    if (tickTimer !== undefined) clearInterval(tickTimer);
    tickTimer = undefined;
  };

  const startTicking = () => {
    stopTicking();
    tickTimer = setInterval(() => {
      set({ visible: true, value: state.value + step });
      if (state.value >= 100) stopTicking();
    }, tickMs);
  };

  const clearAll = () => {
    if (throttleTimer !== undefined) clearTimeout(throttleTimer);
    if (hideTimer !== undefined) clearTimeout(hideTimer);
    throttleTimer = hideTimer = undefined;
    stopTicking();
  };

  return {
    start() {
      if (pending) return;
      pending = true;
      if (hideTimer !== undefined) {
        // A new navigation while the finished bar is still showing: keep it and restart.
        clearTimeout(hideTimer);
        hideTimer = undefined;
        set({ visible: true, value: 0 });
        startTicking();
        return;
      }
      throttleTimer = setTimeout(() => {
        throttleTimer = undefined;
        set({ visible: true, value: 0 });
        startTicking();
      }, throttleMs);
    },
    finish() {
      if (!pending) return;
      pending = false;
      if (throttleTimer !== undefined) {
        clearTimeout(throttleTimer);
        throttleTimer = undefined;
      }
      stopTicking();
      if (!state.visible) return;
      set({ visible: true, value: 100 });
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        set({ visible: false, value: 0 });
      }, hideDelayMs);
    },
    getState: () => state,
    dispose() {
      pending = false;
      clearAll();
    },
  };
}
