import type { LivePeer, ProjectRole } from '@visualnotes/contracts';
import { useRef } from 'react';
import { Button } from '../../../components/Button/Button';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../canvas.module.css';
import { EXCALIDRAW_FILE_ACCEPT } from '../create-project';
import type { LiveStatus } from '../live';
import { LivePeers } from './LivePeers';
import { MoreMenu } from './MoreMenu';
import { ProjectHeading, type ProjectHeadingProps } from './ProjectHeading';
import type { useBoardActions } from './useBoardActions';

/** The editor's dialogs a toolbar item opens. */
export type ModalName = 'publish' | 'share' | 'template' | 'stats' | 'history' | 'export';

interface Props extends ProjectHeadingProps {
  live: { status: LiveStatus; peers: LivePeer[] };
  role: ProjectRole;
  /** Where the project came from: null while it loads; offline when from this device only. */
  source: { offline: boolean } | null;
  publicId: string | null;
  narrow: boolean;
  actions: ReturnType<typeof useBoardActions>;
  open: (modal: ModalName) => void;
}

/** The project's title and save status, who is here, the "More" menu, and the owner's sharing and publishing. */
export function EditorToolbar({ title, onTitle, sync, status, sceneShown, live, role, source, publicId, narrow, actions, open }: Props) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const owner = role === 'owner';
  const roleText = role === 'viewer' ? t('Shared with you: can view') : t('Shared with you: can edit');
  const share = { label: t('Share'), testId: 'share-button', run: () => open('share') };
  const stats = { label: t('Statistics'), testId: 'stats-button', run: () => open('stats') };
  return (
    <div className={styles.toolbar} data-narrow={narrow || undefined}>
      <ProjectHeading title={title} onTitle={onTitle} sync={sync} status={status} sceneShown={sceneShown} />
      <span className={styles.spacer} />
      <LivePeers status={live.status} peers={live.peers} viewer={role === 'viewer'} />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={EXCALIDRAW_FILE_ACCEPT}
        data-testid="open-file-input"
        onChange={(e) => {
          void actions.openFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* The actions used now and then live in one menu, so the toolbar stays one row on a phone;
          there sharing and statistics join them, leaving the title its room. */}
      <MoreMenu
        items={[
          ...(owner && narrow ? [share, ...(publicId ? [stats] : [])] : []),
          { label: t('Open file…'), testId: 'open-file', run: () => fileInput.current?.click() },
          { label: t('Save as .excalidraw'), testId: 'save-excalidraw', run: actions.saveExcalidraw },
          { label: t('Export PNG'), testId: 'export-png', run: () => void actions.exportAs('png') },
          { label: t('Export SVG'), testId: 'export-svg', run: () => void actions.exportAs('svg') },
          { label: t('Copy image'), run: () => void actions.exportAs('clipboard') },
          ...(source && !source.offline ? [{ label: t('Export PDF, PowerPoint or ZIP…'), testId: 'export-server', run: () => open('export') }] : []),
          { label: t('History'), testId: 'history-button', run: () => open('history') },
          ...(owner ? [{ label: t('Submit as template'), run: () => open('template') }] : []),
        ]}
      />
      {/* Sharing, publishing and statistics are the owner's; collaborators see their role instead. */}
      {owner ? (
        <>
          {!narrow && (
            <Button size="sm" className={styles.toolButton} onClick={share.run} data-testid={share.testId}>
              {share.label}
            </Button>
          )}
          {!narrow && publicId && (
            <Button size="sm" className={styles.toolButton} onClick={stats.run} data-testid={stats.testId}>
              {stats.label}
            </Button>
          )}
          <Button variant="primary" size="sm" className={styles.toolButton} onClick={() => open('publish')} data-testid="publish-button">
            {publicId ? t('Published') : t('Publish')}
          </Button>
        </>
      ) : (
        source &&
        !source.offline && (
          // on a phone the short form (the whole sentence as its tooltip)
          <span className={styles.muted} data-testid="my-role" title={narrow ? roleText : undefined}>
            {narrow ? (role === 'viewer' ? t('Can view') : t('Can edit')) : roleText}
          </span>
        )
      )}
    </div>
  );
}
