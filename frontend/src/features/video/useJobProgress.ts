import type { JobStatus } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { openStream } from '../../app/api/api';
import { deviceFingerprint } from '../auth/fingerprint';

const RECONNECT_MS = 3_000;

/** The `data:` payloads of the complete events in `buffer`, and what is left of it. */
function takeEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter(Boolean);
  return { events, rest };
}

/**
 * Follows a Server-Sent Events route of the API (`path` under `/api`) until `isFinal` says so,
 * returning the latest event. Read through the API's `openStream` rather than `EventSource`, which
 * cannot send the headers that prove whose stream it is (the access token, or a visitor's
 * fingerprint); an expired session is refreshed there the way every API call does it. A dropped
 * stream is opened again, as `EventSource` would; an HTTP error (e.g. 404, not this caller's) ends it.
 */
export function useEventStream<T>(path: string | null | undefined, isFinal: (value: T) => boolean, onDone: () => void): T | null {
  // kept with the path it came from: a new path (the next job of a summary) starts with nothing,
  // not with the last event of the one before (a finished reading job's 100%)
  const [status, setStatus] = useState<{ path: string; value: T } | null>(null);
  useEffect(() => {
    if (!path || typeof fetch === 'undefined') return;
    const from = path;
    const controller = new AbortController();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      controller.abort();
      onDone();
    };
    const follow = async (): Promise<void> => {
      while (!finished && !controller.signal.aborted) {
        try {
          const res = await openStream(path, { headers: { Accept: 'text/event-stream', 'X-Fingerprint': deviceFingerprint() }, signal: controller.signal });
          if (!res.ok || !res.body) return finish();
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const taken = takeEvents(buffer + decoder.decode(value, { stream: true }));
            buffer = taken.rest;
            for (const data of taken.events) {
              const next = JSON.parse(data) as T;
              setStatus({ path: from, value: next });
              if (isFinal(next)) return finish();
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    };
    void follow();
    return () => {
      finished = true;
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return status && status.path === path ? status.value : null;
}

/** Follows `GET /api/jobs/:id/events` until the job completes or fails. */
export function useJobProgress(jobId: string | null | undefined, onDone: () => void): JobStatus | null {
  return useEventStream<JobStatus>(jobId ? `jobs/${encodeURIComponent(jobId)}/events` : null, (s) => s.state === 'completed' || s.state === 'failed', onDone);
}

/** The highest percentage shown so far per piece of work and phase, kept beyond one mounting of the page. */
const shown = new Map<string, number>();
/** Pieces of work remembered (the oldest are forgotten first). */
const SHOWN_KEPT = 50;

/**
 * The percentage to show for a piece of work (`workId`: a job, or a document summary through its
 * reading and summarizing jobs) in its `phase` (reading, summarizing…): its job's latest event,
 * else `polled` (the work's own figure, read with the page), and never lower than what was shown
 * before for the same work and phase, even by an earlier mounting of the page. The two sources are
 * written one after the other, so either may briefly lag the other; the bar must not step back
 * when the other one shows. A new piece of work or phase starts from its own figure.
 */
export function useShownProgress(workId: string | null | undefined, phase: string, job: JobStatus | null, polled: number | undefined): number {
  const value = job?.progress ?? polled ?? 0;
  // no work named (nothing running): nothing to hold
  if (!workId) return value;
  const key = `${workId}:${phase}`;
  const before = shown.get(key);
  if (before !== undefined && before >= value) return before;
  // a rise is kept (the same figure for the same inputs, however often React renders)
  shown.delete(key);
  shown.set(key, value);
  if (shown.size > SHOWN_KEPT) shown.delete(shown.keys().next().value!);
  return value;
}
