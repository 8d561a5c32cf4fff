import type { AskBody, AskReply } from '@visualnotes/contracts';
import { api } from '../../app/api/api';

/** Where a question goes: one video, one document summary, or the whole library. */
export type AskTarget = { kind: 'video'; id: string } | { kind: 'document'; id: string } | { kind: 'library' };

const url = (target: AskTarget) =>
  target.kind === 'video'
    ? `videos/${encodeURIComponent(target.id)}/ask`
    : target.kind === 'document'
      ? `summaries/${encodeURIComponent(target.id)}/ask`
      : 'ask';

export const askApi = api.injectEndpoints({
  endpoints: (b) => ({
    ask: b.mutation<AskReply, { target: AskTarget; body: AskBody }>({
      query: ({ target, body }) => ({ url: url(target), method: 'POST', body }),
    }),
  }),
});

export const { useAskMutation } = askApi;
