import { DomainError } from '@visualnotes/contracts';

/** YouTube refused us (bot check, consent page, 429, empty caption body): never reported as "no captions". */
export class YoutubeBlockedError extends DomainError {
  constructor(readonly reason: string) {
    super('YOUTUBE_BLOCKED');
  }
}

/** The server could not reach YouTube at all (no network, DNS, time-out): not YouTube refusing us. */
export class YoutubeUnreachableError extends DomainError {
  constructor(readonly reason: string) {
    super('YOUTUBE_UNREACHABLE');
  }
}
