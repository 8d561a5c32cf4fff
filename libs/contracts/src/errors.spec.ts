import { ErrorCatalogue, jobFailureMessage } from './errors';
import { Messages } from './messages';

describe('jobFailureMessage', () => {
  it('keeps a catalogue sentence and replaces anything else (queue names, stack words) with the fallback', () => {
    expect(jobFailureMessage(Messages.transcriptionUnavailable)).toBe(Messages.transcriptionUnavailable);
    expect(jobFailureMessage('child vn:ai-transcription:merge-1234 failed')).toBe(ErrorCatalogue.VIDEO_PROCESSING_FAILED.message);
    expect(jobFailureMessage(undefined, 'VIDEO_PROCESSING_STOPPED')).toBe(Messages.videoProcessingStopped);
    expect(jobFailureMessage('ECONNREFUSED 127.0.0.1:9', 'DOCUMENT_SUMMARY_FAILED')).toBe(Messages.documentSummaryFailed);
  });

  it('keeps a message a refusal carries in place of its catalogue default', () => {
    expect(jobFailureMessage(Messages.subtitlesEmpty)).toBe(Messages.subtitlesEmpty);
    // a message with blanks to fill is never a finished sentence
    expect(jobFailureMessage(Messages.batchTooLarge)).toBe(ErrorCatalogue.VIDEO_PROCESSING_FAILED.message);
  });
});
