import { z } from 'zod';
import { isUuid, nonEmptyText } from '../primitives';

/** Longest question, in characters. */
export const ASK_QUESTION_MAX = 1_000;

/**
 * `POST /api/videos/:id/ask`, `POST /api/summaries/:id/ask`, `POST /api/ask`: a question, and for a
 * follow-up the conversation it continues (its earlier turns give the context). `tag` (library
 * only) limits the question to the videos with that tag.
 */
export const askSchema = z.object({
  question: nonEmptyText(ASK_QUESTION_MAX, `Please ask a question of at most ${ASK_QUESTION_MAX} characters`),
  conversation_id: z.string().refine(isUuid, 'This conversation does not exist; ask your question again').optional(),
  tag: z.string().refine(isUuid, 'This tag does not exist').optional(),
});
export type AskBody = z.infer<typeof askSchema>;

/** A passage an answer rests on: a moment of a video (`start`, seconds) or a page of a document. */
export interface AskCitation {
  video_id?: string;
  summary_id?: string;
  /** The video's or document's title. */
  title: string;
  start?: number;
  page?: number;
  text: string;
}

/**
 * `answer`: written by the configured model from the passages, each claim citing them as [n]
 * (`citations[n-1]`); `quotes`: no model, the best passages themselves, quoted; `not_found`:
 * nothing in the sources answers the question (and `citations` is empty).
 */
export type AskMode = 'answer' | 'quotes' | 'not_found';

export interface AskReply {
  conversation_id: string;
  answer: string;
  mode: AskMode;
  citations: AskCitation[];
}

/** One turn of a conversation as kept for its follow-ups. */
export interface AskTurn {
  role: 'user' | 'assistant';
  content: string;
}
