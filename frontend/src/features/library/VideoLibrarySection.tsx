import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { Messages, type VideoCard } from '@visualnotes/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  useCreateTagMutation,
  useDeleteTagMutation,
  useDeleteVideoMutation,
  useListTagsQuery,
  useListVideosQuery,
  useRenameTagMutation,
  useUpdateVideoMutation,
} from '../video/api';
import { clock } from '../video/formats';
import styles from './video-library.module.css';
import { useConfirm } from '../../components/Dialog/Dialog';
import { Button } from '../../components/Button/Button';
import { msg } from '../../i18n/msg';

const STATUS_TEXT: Record<string, string> = {
  queued: msg('waiting'),
  transcribing: msg('transcribing'),
  summarizing: msg('summarizing'),
  failed: msg('failed'),
};

/** Account area, Video Library section: video cards, favorites, tags, filters and full-text search. */
export function VideoLibrarySection() {
  const { t } = useTranslation();
  const [favorite, setFavorite] = useState(false);
  const [tag, setTag] = useState('');
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const { data: videos, currentData, error, isLoading, isFetching } = useListVideosQuery({ favorite, tag: tag || undefined, q: q || undefined });
  // a new search (or filter) waits for the server: said while it runs, the previous cards meanwhile stay
  const searching = isFetching && !isLoading && currentData === undefined;
  const { data: tags = [] } = useListTagsQuery();

  return (
    <section className={styles.section} id="video-library" aria-labelledby="video-library-title" data-testid="video-library">
      <h2 id="video-library-title">{t('Video Library')}</h2>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault();
          setQ(query.trim());
        }}
      >
        <input
          aria-label={t('Search videos')}
          placeholder={t('Search titles and transcripts')}
          maxLength={200}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="primary" size="sm" busy={searching}>
          {searching ? t('Searching…') : t('Search')}
        </Button>
        <label>
          <input type="checkbox" checked={favorite} onChange={(e) => setFavorite(e.target.checked)} /> {t('Favorites')}
        </label>
        <select aria-label={t('Filter by tag')} value={tag} onChange={(e) => setTag(e.target.value)}>
          <option value="">{t('All tags')}</option>
          {tags.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </form>
      <TagManager />
      {isLoading && <p className={styles.muted}>{t('Loading videos…')}</p>}
      {searching && (
        <p className={styles.muted} role="status" data-testid="video-search-busy">
          {t('Searching…')}
        </p>
      )}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {/* the empty states speak of the answer to the current search, not of the previous one */}
      {videos && !searching && videos.length === 0 && (favorite || tag || q) && <p className={styles.muted}>{t('No videos match these filters.')}</p>}
      {videos && !searching && videos.length === 0 && !(favorite || tag || q) && (
        <p className={styles.muted}>
          {t('No videos yet.')} <Link to="/tools/youtube-summarizer">{t('Summarize a video')}</Link>
        </p>
      )}
      <div className={styles.grid} aria-busy={searching}>
        {videos?.map((v) => (
          <VideoCardView key={v.id} video={v} />
        ))}
      </div>
    </section>
  );
}

function VideoCardView({ video }: { video: VideoCard }) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const { data: tags = [] } = useListTagsQuery();
  const [update] = useUpdateVideoMutation();
  const [remove] = useDeleteVideoMutation();
  const [error, setError] = useState<string | null>(null);
  const [thumbFailed, setThumbFailed] = useState(false);
  const selected = new Set(video.tags.map((tag) => tag.id));
  const toggleTag = async (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    const res = await update({ id: video.id, tag_ids: [...next] });
    if ('error' in res) setError(errorMessage(res.error));
  };
  return (
    <article className={styles.card} data-testid="video-card">
      {/* The picture repeats the title's link: for the mouse only, not a second stop for keyboards and screen readers. */}
      <Link to={`/tools/video-summarizer?v=${video.id}`} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        {video.thumbnail_url && !thumbFailed ? (
          <img src={video.thumbnail_url} alt="" loading="lazy" onError={() => setThumbFailed(true)} />
        ) : (
          <span aria-hidden="true">▶</span>
        )}
      </Link>
      <div className={styles.body}>
        <Link to={`/tools/video-summarizer?v=${video.id}`} className={styles.cardTitle}>
          {video.title}
        </Link>
        <p className={styles.muted}>
          {video.channel ?? (video.provider === 'upload' ? t('Uploaded file') : '')}
          {video.duration ? ` · ${clock(video.duration)}` : ''}
          {video.status !== 'ready' ? ` · ${t(STATUS_TEXT[video.status] ?? video.status)}` : ''}
        </p>
        <div className={styles.tags}>
          {tags.map((tag) => (
            <button
              type="button"
              key={tag.id}
              className={selected.has(tag.id) ? styles.tagOn : styles.tag}
              onClick={() => void toggleTag(tag.id)}
              aria-pressed={selected.has(tag.id)}
            >
              {tag.name}
            </button>
          ))}
        </div>
        <div className={styles.actions}>
          <Button size="sm" aria-pressed={video.favorite} onClick={() => void update({ id: video.id, favorite: !video.favorite })}>
            {video.favorite ? '★' : '☆'} {t('Favorite')}
          </Button>
          <Button
            size="sm"
            variant="danger-text"
            onClick={async () => {
              const sure = await confirm({ title: t('Delete the video?'), message: t(Messages.confirmDeleteVideo), action: t('Delete') });
              if (sure) void remove(video.id);
            }}
          >
            {t('Delete')}
          </Button>
        </div>
        {error && <p className={styles.error}>{t(error)}</p>}
        {confirmDialog}
      </div>
    </article>
  );
}

function TagManager() {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const { data: tags = [] } = useListTagsQuery();
  const [create, creating] = useCreateTagMutation();
  const [rename] = useRenameTagMutation();
  const [remove] = useDeleteTagMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    // the last attempt's message goes as soon as another one starts: it may no longer hold
    setError(null);
    if (creating.isLoading) return;
    if (!name.trim()) return setError(Messages.tagNameRequired);
    const res = await create(name.trim());
    if ('error' in res) return setError(errorMessage(res.error));
    setName('');
  };
  const edit = async (id: string, current: string) => {
    const next = window.prompt(t('Rename the tag'), current);
    if (next === null) return;
    setError(null);
    if (!next.trim()) return setError(Messages.tagNameRequired);
    const res = await rename({ id, name: next.trim() });
    setError('error' in res ? errorMessage(res.error) : null);
  };
  return (
    <div className={styles.tagManager}>
      <form onSubmit={add} noValidate>
        <input
          aria-label={t('New tag')}
          placeholder={t('New tag')}
          maxLength={50}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            // "Tag name is required" no longer holds once something is typed
            if (error === Messages.tagNameRequired) setError(null);
          }}
        />
        <Button type="submit" variant="primary" size="sm" busy={creating.isLoading}>
          {creating.isLoading ? t('Adding…') : t('Add tag')}
        </Button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      )}
      {confirmDialog}
      <ul>
        {tags.map((tag) => (
          <li key={tag.id}>
            {tag.name}{' '}
            <Button size="sm" onClick={() => void edit(tag.id, tag.name)}>
              {t('Rename')}
            </Button>{' '}
            <Button
              size="sm"
              variant="danger-text"
              onClick={async () => {
                const sure = await confirm({ title: t('Delete the tag?'), message: t(Messages.confirmDeleteTag), action: t('Delete') });
                if (sure) void remove(tag.id);
              }}
            >
              {t('Delete')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
