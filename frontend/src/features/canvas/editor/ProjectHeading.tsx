import type { RefObject } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { msg } from '../../../i18n/msg';
import styles from '../canvas.module.css';
import type { ProjectSync, SaveStatus } from '../sync';
import type { SaveState } from './useAutosave';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: msg('Saved'),
  saving: msg('Saving…'),
  offline: msg('Offline – saved on this device'),
  error: msg('Not saved'),
};
/** The save status while the canvas holds a picture the server refused (its words are the tooltip and a notice). */
const PICTURE_NOT_SAVED = msg('Picture not saved');

/** The words of the save status (to be translated): an error says what went wrong when it can. */
function statusText({ status, message, picture }: SaveState): string {
  if (status === 'error' && picture) return PICTURE_NOT_SAVED;
  if (status === 'error' && message) return message;
  return STATUS_TEXT[status];
}

export interface ProjectHeadingProps {
  title: string;
  onTitle: (title: string) => void;
  sync: RefObject<ProjectSync | null>;
  status: SaveState;
  /** Nothing is saved (nor unsaved) before the scene is in the editor. */
  sceneShown: boolean;
}

/** The project's title (renamed on leaving the field) and its save status; on a phone the status goes under the title. */
export function ProjectHeading({ title, onTitle, sync, status, sceneShown }: ProjectHeadingProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.heading}>
      <input
        className={styles.title}
        aria-label={t('Project title')}
        value={title}
        maxLength={200}
        onChange={(e) => onTitle(e.target.value)}
        onBlur={() => {
          // an emptied title goes back to the saved one: a project always has a name
          if (!title.trim()) onTitle(sync.current?.title ?? '');
          else if (title.trim() !== sync.current?.title) sync.current?.rename(title.trim());
        }}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
      />
      <span
        className={styles.status}
        data-status={sceneShown ? status.status : 'loading'}
        data-testid="save-status"
        title={status.message && t(status.message)}
      >
        {sceneShown && t(statusText(status))}
      </span>
    </div>
  );
}
