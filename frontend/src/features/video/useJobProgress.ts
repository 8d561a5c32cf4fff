import type { JobStatus } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { API_BASE_URL } from '../../app/constants';

/** Follows `GET /api/jobs/:id/events` (Server-Sent Events) until the job completes or fails. */
export function useJobProgress(jobId: string | null | undefined, onDone: () => void): JobStatus | null {
  const [status, setStatus] = useState<JobStatus | null>(null);
  useEffect(() => {
    if (!jobId || typeof EventSource === 'undefined') return;
    const base = API_BASE_URL.replace(/\/$/, '');
    const source = new EventSource(`${base}/jobs/${encodeURIComponent(jobId)}/events`);
    source.onmessage = (e) => {
      const next = JSON.parse(e.data as string) as JobStatus;
      setStatus(next);
      if (next.state === 'completed' || next.state === 'failed') {
        source.close();
        onDone();
      }
    };
    source.onerror = () => {
      // The browser reconnects by itself after a dropped stream; it gives up only on an HTTP error.
      if (source.readyState === EventSource.CLOSED) onDone();
    };
    return () => source.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);
  return status;
}
