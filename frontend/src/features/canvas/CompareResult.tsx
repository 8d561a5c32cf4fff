import type { Scene, VersionComparison } from '@visualnotes/contracts';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import styles from './canvas.module.css';
import { ReadOnlyCanvas } from './ReadOnlyCanvas';
import { COMPARE_COLOURS, comparisonScene, elementLabel, type ChangeKind } from './version-compare';

const KIND_TEXT: Record<ChangeKind, string> = { added: msg('Added'), removed: msg('Removed'), changed: msg('Changed') };
const COUNT_TEXT: Record<ChangeKind, string> = { added: msg('{{count}} added'), removed: msg('{{count}} removed'), changed: msg('{{count}} changed') };

/** At most this many changed elements are listed to pick from (the counts and the drawing show all). */
const LISTED_MAX = 300;

export interface CompareResultProps {
  comparison: Pick<VersionComparison, 'added' | 'removed' | 'changed' | 'counts'>;
  fromScene: Scene;
  toScene: Scene;
  /** When the older side was kept (named in the confirmation). */
  fromDate: string | number;
  /** Where the board's images come from: the project's files, or data URLs on this device. */
  filesPath?: string;
  images?: Record<string, string>;
  /** Without it (a viewer) the changes are shown but nothing can be restored. */
  onRestore?: (elementIds: string[]) => Promise<void>;
}

/**
 * What changed between two states of a board: the counts, the board drawn with its changes in
 * colour (added green, removed red and dashed, changed orange, the rest faded), and the changed
 * elements to pick and put back as they were in the first one, after a confirmation.
 */
export function CompareResult({ comparison, fromScene, toScene, fromDate, filesPath, images, onRestore }: CompareResultProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const coloured = useMemo(() => comparisonScene(fromScene, toScene, comparison), [fromScene, toScene, comparison]);
  const listed = useMemo(() => {
    const byId = new Map([...fromScene.elements, ...toScene.elements].map((e) => [e.id, e]));
    const rows = (['added', 'removed', 'changed'] as const).flatMap((kind) => comparison[kind].map((id) => ({ id, kind, element: byId.get(id) })));
    return rows.slice(0, LISTED_MAX);
  }, [fromScene, toScene, comparison]);
  const { counts } = comparison;
  const total = counts.added + counts.removed + counts.changed;
  const toggle = (id: string) =>
    setPicked((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function restore() {
    if (!onRestore) return;
    setBusy(true);
    try {
      await onRestore([...picked]);
      setPicked(new Set());
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('What changed')} data-testid="compare-result">
      <p className={styles.compareCounts} role="status" data-testid="compare-counts">
        {(['added', 'removed', 'changed'] as const).map((kind) => (
          <span key={kind} data-kind={kind}>
            <span className={styles.swatch} style={{ background: COMPARE_COLOURS[kind] }} aria-hidden />
            {t(COUNT_TEXT[kind], { count: formatNumber(counts[kind]) })}
          </span>
        ))}
      </p>
      {total === 0 ? (
        <p>{t('Nothing changed between these two.')}</p>
      ) : (
        <>
          <ReadOnlyCanvas scene={coloured} filesPath={filesPath} images={images} className={styles.versionPreview} />
          <ul className={styles.changeList} data-testid="change-list" aria-label={t('Changed elements')}>
            {listed.map(({ id, kind, element }) => {
              const label = elementLabel(element);
              const text = `${t(KIND_TEXT[kind])}: ${t(label.kind)}${label.text ? ` “${label.text}”` : ''}`;
              return (
                <li key={`${kind}-${id}`} data-kind={kind}>
                  <span className={styles.swatch} style={{ background: COMPARE_COLOURS[kind] }} aria-hidden />
                  {onRestore ? (
                    <label>
                      <input type="checkbox" checked={picked.has(id)} onChange={() => toggle(id)} data-testid="change-pick" data-element-id={id} />
                      {text}
                    </label>
                  ) : (
                    <span>{text}</span>
                  )}
                </li>
              );
            })}
          </ul>
          {total > listed.length && <p className={styles.muted}>{t('The first {{count}} are listed.', { count: formatNumber(listed.length) })}</p>}
          {onRestore &&
            (confirming ? (
              <div className={styles.row}>
                <span>
                  {t(
                    'Put {{count}} elements back as they were on {{date}}? The rest of the canvas stays as it is, and the current canvas is kept in the history.',
                    {
                      count: picked.size,
                      date: formatDateTime(fromDate),
                    },
                  )}
                </span>
                <Button variant="primary" size="sm" onClick={() => void restore()} disabled={busy} data-testid="restore-elements-confirm">
                  {busy ? t('Restoring…') : t('Restore')}
                </Button>
                <Button size="sm" onClick={() => setConfirming(false)}>
                  {t('Cancel')}
                </Button>
              </div>
            ) : (
              <div className={styles.row}>
                <Button size="sm" onClick={() => setPicked(new Set(listed.map((r) => r.id)))} data-testid="pick-all">
                  {t('Select all')}
                </Button>
                <Button size="sm" onClick={() => setConfirming(true)} disabled={!picked.size} data-testid="restore-elements">
                  {t('Restore selected ({{count}})', { count: picked.size })}
                </Button>
              </div>
            ))}
        </>
      )}
    </section>
  );
}
