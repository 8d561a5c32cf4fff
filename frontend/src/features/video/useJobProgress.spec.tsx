/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { JobStatus } from '@visualnotes/contracts';
import { renderHook } from '@testing-library/react';
import { useShownProgress } from './useJobProgress';

const event = (progress: number) => ({ state: 'active', progress }) as JobStatus;

interface Props {
  job: string;
  phase: string;
  event: JobStatus | null;
  polled?: number;
}

describe('the progress shown for a job', () => {
  it('never steps back within one job and phase when its two sources lag one another, and starts afresh with the next', () => {
    const { result, rerender } = renderHook((p: Props) => useShownProgress(p.job, p.phase, p.event, p.polled), {
      initialProps: { job: 'read', phase: 'reading', event: null, polled: 0 } as Props,
    });
    expect(result.current).toBe(0);
    // the page's own figure rises first, then the job's events connect with an older figure
    rerender({ job: 'read', phase: 'reading', event: null, polled: 5 });
    expect(result.current).toBe(5);
    rerender({ job: 'read', phase: 'reading', event: event(0), polled: 5 });
    expect(result.current).toBe(5);
    rerender({ job: 'read', phase: 'reading', event: event(29), polled: 5 });
    expect(result.current).toBe(29);
    rerender({ job: 'read', phase: 'reading', event: event(100), polled: 29 });
    expect(result.current).toBe(100);
    // the summary's job: its own 0%, not the reading's 100%
    rerender({ job: 'summary', phase: 'summarizing', event: null, polled: 0 });
    expect(result.current).toBe(0);
    rerender({ job: 'summary', phase: 'summarizing', event: event(40), polled: 0 });
    expect(result.current).toBe(40);
  });

  it('keeps what it showed when the page is mounted again, for the same work and phase', () => {
    const first = renderHook((p: Props) => useShownProgress(p.job, p.phase, p.event, p.polled), {
      initialProps: { job: 'doc-1', phase: 'reading', event: event(50), polled: 0 } as Props,
    });
    expect(first.result.current).toBe(50);
    first.unmount();
    // mounted again, its events not connected yet and its own figure older: still 50, then on
    const again = renderHook((p: Props) => useShownProgress(p.job, p.phase, p.event, p.polled), {
      initialProps: { job: 'doc-1', phase: 'reading', event: null, polled: 0 } as Props,
    });
    expect(again.result.current).toBe(50);
    again.rerender({ job: 'doc-1', phase: 'reading', event: event(59), polled: 5 });
    expect(again.result.current).toBe(59);
    // another document starts from its own figure
    again.rerender({ job: 'doc-2', phase: 'reading', event: null, polled: 0 });
    expect(again.result.current).toBe(0);
  });
});
