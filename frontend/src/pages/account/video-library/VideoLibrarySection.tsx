import { Messages, type VideoCard } from '@visualnotes/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  useCreateTagMutation,
  useDeleteTagMutation,
  useDeleteVideoMutation,
  useListTagsQuery,
  useListVideosQuery,
  useRenameTagMutation,
  useUpdateVideoMutation,
} from '../../../features/video/api';
import { clock } from '../../../features/video/formats';
import styles from './video-library.module.css';

/** Account area, Video Library section: video cards, favorites, tags, filters and full-text search. */
export function VideoLibrarySection() {
  const [favorite, setFavorite] = useState(false);
  const [tag, setTag] = useState('');
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const { data: videos, error, isLoading } = useListVideosQuery({ favorite, tag: tag || undefined, q: q || undefined });
  const { data: tags = [] } = useListTagsQuery();

  return (
    <section className={styles.section} id="video-library" aria-labelledby="video-library-title" data-testid="video-library">
      <h2 id="video-library-title">Video Library</h2>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault();
          setQ(query.trim());
        }}
      >
        <input aria-label="Search videos" placeholder="Search titles and transcripts" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit">Search</button>
        <label>
          <input type="checkbox" checked={favorite} onChange={(e) => setFavorite(e.target.checked)} /> Favorites
        </label>
        <select aria-label="Filter by tag" value={tag} onChange={(e) => setTag(e.target.value)}>
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </form>
      <TagManager />
      {isLoading && <p className={styles.muted}>Loading videos…</p>}
      {error && <p className={styles.error}>{apiErrorMessage(error)}</p>}
      {videos && videos.length === 0 && (favorite || tag || q) && <p className={styles.muted}>No videos match these filters.</p>}
      {videos && videos.length === 0 && !(favorite || tag || q) && (
        <p className={styles.muted}>
          No videos yet. <Link to="/tools/youtube-summarizer">Summarize a video</Link>
        </p>
      )}
      <div className={styles.grid}>
        {videos?.map((v) => <VideoCardView key={v.id} video={v} />)}
      </div>
    </section>
  );
}

function VideoCardView({ video }: { video: VideoCard }) {
  const { data: tags = [] } = useListTagsQuery();
  const [update] = useUpdateVideoMutation();
  const [remove] = useDeleteVideoMutation();
  const [error, setError] = useState<string | null>(null);
  const [thumbFailed, setThumbFailed] = useState(false);
  const selected = new Set(video.tags.map((t) => t.id));
  const toggleTag = async (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    const res = await update({ id: video.id, tag_ids: [...next] });
    if ('error' in res) setError(apiErrorMessage(res.error));
  };
  return (
    <article className={styles.card} data-testid="video-card">
      <Link to={`/tools/video-summarizer?v=${video.id}`} className={styles.thumb}>
        {video.thumbnail_url && !thumbFailed ? <img src={video.thumbnail_url} alt="" loading="lazy" onError={() => setThumbFailed(true)} /> : <span aria-hidden="true">▶</span>}
      </Link>
      <div className={styles.body}>
        <Link to={`/tools/video-summarizer?v=${video.id}`} className={styles.cardTitle}>
          {video.title}
        </Link>
        <p className={styles.muted}>
          {video.channel ?? (video.provider === 'upload' ? 'Uploaded file' : '')}
          {video.duration ? ` · ${clock(video.duration)}` : ''}
          {video.status !== 'ready' ? ` · ${video.status}` : ''}
        </p>
        <div className={styles.tags}>
          {tags.map((t) => (
            <button type="button" key={t.id} className={selected.has(t.id) ? styles.tagOn : styles.tag} onClick={() => void toggleTag(t.id)} aria-pressed={selected.has(t.id)}>
              {t.name}
            </button>
          ))}
        </div>
        <div className={styles.actions}>
          <button type="button" aria-pressed={video.favorite} onClick={() => void update({ id: video.id, favorite: !video.favorite })}>
            {video.favorite ? '★ Favorite' : '☆ Favorite'}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm(Messages.confirmDeleteVideo)) void remove(video.id);
            }}
          >
            Delete
          </button>
        </div>
        {error && <p className={styles.error}>{error}</p>}
      </div>
    </article>
  );
}

function TagManager() {
  const { data: tags = [] } = useListTagsQuery();
  const [create] = useCreateTagMutation();
  const [rename] = useRenameTagMutation();
  const [remove] = useDeleteTagMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(Messages.tagNameRequired);
    const res = await create(name.trim());
    if ('error' in res) return setError(apiErrorMessage(res.error));
    setName('');
    setError(null);
  };
  const edit = async (id: string, current: string) => {
    const next = window.prompt('Rename the tag', current);
    if (next === null) return;
    if (!next.trim()) return setError(Messages.tagNameRequired);
    const res = await rename({ id, name: next.trim() });
    setError('error' in res ? apiErrorMessage(res.error) : null);
  };
  return (
    <div className={styles.tagManager}>
      <form onSubmit={add} noValidate>
        <input aria-label="New tag" placeholder="New tag" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit">Add tag</button>
      </form>
      {error && <p className={styles.error}>{error}</p>}
      <ul>
        {tags.map((t) => (
          <li key={t.id}>
            {t.name}{' '}
            <button type="button" onClick={() => void edit(t.id, t.name)}>
              Rename
            </button>{' '}
            <button
              type="button"
              onClick={() => {
                if (window.confirm(Messages.confirmDeleteTag)) void remove(t.id);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
