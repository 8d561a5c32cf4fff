import type { AskCitation, AskReply } from '@visualnotes/contracts';
import { ASK_QUESTION_MAX } from '@visualnotes/contracts';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { hasSession } from '../../app/api/tokens';
import { errorMessage } from '../../app/error/describe-error';
import { Button } from '../../components/Button/Button';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { clock } from '../video/formats';
import { buildAnswerScene } from './answer-canvas';
import { sendSceneToNewCanvas } from '../video/canvas';
import { useAskMutation, type AskTarget } from './api';
import styles from './ask.module.css';

interface Turn {
  question: string;
  reply: AskReply;
}

export interface AskPanelProps {
  target: Exclude<AskTarget, { kind: 'library' }>;
  /** The source's title (the canvas card names it). */
  title: string;
  /** Video: seek the player to a cited moment. */
  onSeek?: (seconds: number) => void;
  /** Document: open a cited page. */
  onOpenPage?: (page: number) => void;
  /** A link to a cited moment or page, for the canvas card. */
  linkOf: (citation: AskCitation) => string;
}

const PLACEHOLDER = { video: msg('Ask something about this video'), document: msg('Ask something about this document') };
const HEADING = { video: msg('Ask this video'), document: msg('Ask this document') };

/**
 * "Ask": a question box beside a video or a document summary; each answer lists the moments or
 * pages it rests on (a click seeks the player or opens the page) and can go to a new canvas as a
 * card linked to them. Follow-ups keep the conversation.
 */
export function AskPanel({ target, title, onSeek, onOpenPage, linkOf }: AskPanelProps) {
  const { t } = useTranslation();
  const [ask, { isLoading }] = useAskMutation();
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversation, setConversation] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  if (!hasSession()) {
    return (
      <section className={styles.panel} aria-label={t(HEADING[target.kind])} data-testid="ask-panel">
        <h3>{t(HEADING[target.kind])}</h3>
        <p className={styles.note}>{t('Sign in to ask questions of your videos and documents.')}</p>
      </section>
    );
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || isLoading) return;
    setError(null);
    try {
      const reply = await ask({ target, body: { question: text, conversation_id: conversation } }).unwrap();
      setConversation(reply.conversation_id);
      setTurns((list) => [...list, { question: text, reply }]);
      setQuestion('');
    } catch (err) {
      setError(errorMessage(err) ?? msg('The question could not be answered; please try again.'));
    }
  };
  // Enter asks, Shift+Enter starts a new line
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  };
  const toCanvas = async (turn: Turn) => {
    try {
      const scene = buildAnswerScene(title, turn.question, turn.reply, linkOf, {
        quotes: t('Quotes from your sources'),
        source: (c) => sourceLabel(c),
      });
      const id = await sendSceneToNewCanvas(turn.question, scene);
      setNote(msg('Sent to a new canvas'));
      window.location.assign(`/projects/${id}`);
    } catch (err) {
      setNote((err as Error).message);
    }
  };
  const sourceLabel = (c: AskCitation) => (c.start !== undefined ? clock(c.start) : t('Page {{number}}', { number: c.page }));

  return (
    <section className={styles.panel} aria-label={t(HEADING[target.kind])} data-testid="ask-panel">
      <h3>{t(HEADING[target.kind])}</h3>
      {turns.length > 0 && (
        <ol className={styles.turns} aria-live="polite" data-testid="ask-turns">
          {turns.map((turn, i) => (
            <li key={i} data-testid="ask-turn" data-mode={turn.reply.mode}>
              <p className={styles.question} dir="auto">
                {turn.question}
              </p>
              {turn.reply.mode === 'not_found' ? (
                <p className={styles.answer} data-testid="ask-not-found">
                  {t('Nothing here answers this question. Try other words, or ask about something the source covers.')}
                </p>
              ) : turn.reply.mode === 'quotes' ? (
                <p className={styles.note}>{t('No model is set up to write answers, so here are the passages that match best, quoted as they are:')}</p>
              ) : (
                <p className={styles.answer} dir="auto" data-testid="ask-answer">
                  {turn.reply.answer}
                </p>
              )}
              {turn.reply.citations.length > 0 && (
                <ol className={styles.citations} aria-label={t('Sources')}>
                  {turn.reply.citations.map((c, j) => (
                    <li key={j}>
                      <Button
                        variant="link"
                        data-testid="ask-citation"
                        onClick={() => (c.start !== undefined ? onSeek?.(c.start) : c.page !== undefined ? onOpenPage?.(c.page) : undefined)}
                        aria-label={c.start !== undefined ? t('Play from {{time}}', { time: clock(c.start) }) : t('Open page {{number}}', { number: c.page })}
                      >
                        {sourceLabel(c)}
                      </Button>
                      <blockquote dir="auto">{c.text}</blockquote>
                    </li>
                  ))}
                </ol>
              )}
              {turn.reply.mode !== 'not_found' && (
                <div className={styles.actions}>
                  <Button size="sm" onClick={() => void toCanvas(turn)} data-testid="ask-to-canvas">
                    {t('Send to canvas')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label htmlFor={`ask-${target.id}`} className={styles.note}>
          {turns.length
            ? t('Ask a follow-up question (Enter to send, Shift+Enter for a new line)')
            : t('Your question (Enter to send, Shift+Enter for a new line)')}
        </label>
        <textarea
          id={`ask-${target.id}`}
          value={question}
          maxLength={ASK_QUESTION_MAX}
          placeholder={t(PLACEHOLDER[target.kind])}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          dir="auto"
          data-testid="ask-question"
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" size="sm" busy={isLoading} disabled={!question.trim()} data-testid="ask-submit">
            {isLoading ? t('Searching…') : t('Ask')}
          </Button>
          {turns.length > 0 && (
            <Button
              size="sm"
              onClick={() => {
                setTurns([]);
                setConversation(undefined);
                setNote(null);
              }}
            >
              {t('New conversation')}
            </Button>
          )}
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )}
        {note && (
          <p className={styles.note} role="status">
            {t(note)}
          </p>
        )}
      </form>
    </section>
  );
}
