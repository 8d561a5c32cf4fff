import { useTranslation } from '../../i18n/i18n';
import {
  COLLABORATOR_ROLES,
  PublishMessages,
  type Collaborator,
  type CollaboratorRole,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  type PublishResult,
  type ShareLink,
  type TemplateCategory,
  type TemplateSummary,
} from '@visualnotes/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fresh, runApi } from '../../app/api/api';
import { errorMessage } from '../../app/error/describe-error';
import { useGetEntitlementsQuery } from '../license/api';
import { canvasApi, useStatisticsQuery } from './api';
import { useAddCollaboratorMutation, useCollaboratorsQuery, useRemoveCollaboratorMutation, useUpdateCollaboratorMutation } from './collaborators-api';
import { Button, buttonClass } from '../../components/Button/Button';
import styles from './canvas.module.css';
import share from './share.module.css';
import { ApiError } from './http';
import { Modal } from './Modal';
import { StatisticsView } from './StatisticsView';
import { useConfirm } from '../../components/Dialog/Dialog';
import { msg } from '../../i18n/msg';

export const embedCode = (url: string, title: string) =>
  `<iframe src="${url}?embed=1" title="${title.replace(/"/g, '&quot;')}" width="800" height="600" style="border:0" loading="lazy"></iframe>`;

/** Publish / unpublish, the public link and the embed code; the publisher-required modal without the plan. */
export function PublishModal(props: {
  projectId: string;
  title: string;
  publicId: string | null;
  snapshot: () => Promise<string | null>;
  onChange: (publicId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsPlan, setNeedsPlan] = useState(false);
  const [description, setDescription] = useState('');
  const [allowDownload, setAllowDownload] = useState(false);
  const [result, setResult] = useState<PublishResult | null>(
    props.publicId ? { public_id: props.publicId, url: `${location.origin}/p/${props.publicId}` } : null,
  );
  // a published page: whether it offers its PDF, as the page says
  useEffect(() => {
    if (!props.publicId) return;
    let live = true;
    runApi(canvasApi.endpoints.publishedProject.initiate({ id: props.publicId, ref: '' }, fresh)).then(
      (page) => live && setAllowDownload(page.allow_download),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [props.publicId]);

  /**
   * Publishes with a fresh snapshot. The first time with the description and download choice of
   * the form; later (a new snapshot, or the download choice changed) the page keeps its
   * description, and its download choice unless `download` is given.
   */
  async function publish(download?: boolean): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const svg = await props.snapshot();
      const choice = result ? (download === undefined ? {} : { allow_download: download }) : { description, allow_download: allowDownload };
      const res = await runApi(canvasApi.endpoints.publish.initiate({ id: props.projectId, ...(svg ? { svg } : {}), ...choice }));
      setResult(res);
      props.onChange(res.public_id);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 403) setNeedsPlan(true);
      else setError((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** The page's download offer changed: shown at once, put back when publishing fails. */
  async function offerDownload(on: boolean) {
    setAllowDownload(on);
    if (!(await publish(on))) setAllowDownload(!on);
  }

  async function unpublish() {
    const sure = await confirm({
      title: t('Unpublish this canvas?'),
      message: t('The public link and the embedded copies stop working. You can publish again later; the address stays the same.'),
      action: t('Unpublish'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await runApi(canvasApi.endpoints.unpublish.initiate(props.projectId));
      setResult(null);
      props.onChange(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // Without the Publisher plan the plan is said first, not after the form is filled in (a canvas
  // already published can still be unpublished).
  const entitlements = useGetEntitlementsQuery();
  if (needsPlan || (entitlements.data && !entitlements.data.publisher && !result)) {
    return (
      // a dialog of its own (key): it opens with the focus inside, as the publish dialog closes
      <Modal key="publisher-required" title={t('Publisher plan required')} onClose={props.onClose} testId="publisher-required-modal">
        <p>{t(PublishMessages.publisherRequired)}</p>
        <div className={styles.row}>
          <Link className={buttonClass('primary', 'sm')} to="/pricing">
            {t('See plans')}
          </Link>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={t('Publish to the web')} onClose={props.onClose} testId="publish-modal">
      {result ? (
        <>
          <p>
            {t('Published at')}{' '}
            <a href={result.url} target="_blank" rel="noreferrer" data-testid="public-url">
              {result.url}
            </a>
          </p>
          <label>
            {t('Embed code')}
            <textarea readOnly rows={3} value={embedCode(result.url, props.title)} onFocus={(e) => e.currentTarget.select()} data-testid="embed-code" />
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={allowDownload}
              onChange={(e) => void offerDownload(e.target.checked)}
              disabled={busy}
              data-testid="allow-download"
            />
            {t('Visitors may download it as a PDF')}
          </label>
          <div className={styles.row}>
            <Button size="sm" onClick={() => void publish()} disabled={busy}>
              {t('Update snapshot')}
            </Button>
            <Link className={buttonClass('secondary', 'sm')} to={`/p/statistic/${result.public_id}`}>
              {t('Statistics')}
            </Link>
            <Button variant="danger-text" size="sm" onClick={unpublish} disabled={busy}>
              {t('Unpublish')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{t('Anyone with the link can view this canvas (read-only). A snapshot is taken now; publish again to update it.')}</p>
          <label>
            {t('Description (optional)')}
            <input value={description} maxLength={300} onChange={(e) => setDescription(e.target.value)} />
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={allowDownload} onChange={(e) => setAllowDownload(e.target.checked)} disabled={busy} data-testid="allow-download" />
            {t('Visitors may download it as a PDF')}
          </label>
          <div className={styles.row}>
            <Button variant="primary" size="sm" onClick={() => void publish()} disabled={busy} data-testid="publish-confirm">
              {busy ? t('Publishing…') : t('Publish')}
            </Button>
          </div>
        </>
      )}
      {error && <p className={styles.error}>{t(error)}</p>}
      {confirmDialog}
    </Modal>
  );
}

/** The statistic modal of a published project. */
export function StatisticModal({ publicId, onClose }: { publicId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useStatisticsQuery(publicId, { refetchOnMountOrArgChange: true });
  return (
    <Modal title={t('Statistics')} onClose={onClose} testId="statistic-modal">
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data && <StatisticsView stats={data} />}
    </Modal>
  );
}

const ROLE_LABELS: Record<CollaboratorRole, string> = { editor: msg('Can edit'), viewer: msg('Can view') };

/** The people a project is shared with: invite by e-mail as editor or viewer, change a role, remove. */
function PeopleSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const people = useCollaboratorsQuery(projectId, { refetchOnMountOrArgChange: true });
  const [add, adding] = useAddCollaboratorMutation();
  const [update, updating] = useUpdateCollaboratorMutation();
  const [remove, removing] = useRemoveCollaboratorMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CollaboratorRole>('editor');
  const [problem, setProblem] = useState<string | null>(null);
  const [invited, setInvited] = useState<string | null>(null);

  async function invite(e: FormEvent) {
    e.preventDefault();
    setInvited(null);
    if (!email.trim()) return setProblem(msg('an e-mail address is required'));
    setProblem(null);
    const res = await add({ id: projectId, email: email.trim(), role });
    if ('data' in res && res.data) {
      setInvited(res.data.email);
      setEmail('');
    }
  }
  async function askRemove(person: Collaborator) {
    const sure = await confirm({
      title: t('Remove this person?'),
      message: t('{{email}} can no longer open this canvas. You can invite them again later.', { email: person.email }),
      action: t('Remove'),
    });
    if (sure) void remove({ id: projectId, memberId: person.id });
  }
  const error = problem ?? errorMessage(adding.error ?? updating.error ?? removing.error ?? people.error);
  return (
    <section aria-labelledby="people-title">
      <h3 id="people-title" className={share.heading}>
        {t('People')}
      </h3>
      <p>{t('Invite people by e-mail to edit or view this canvas with you, live.')}</p>
      <form className={share.invite} onSubmit={(e) => void invite(e)} noValidate aria-label={t('Invite by e-mail')}>
        <input
          type="email"
          name="email"
          autoComplete="off"
          placeholder={t('E-mail address')}
          aria-label={t('E-mail address')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="invite-email"
        />
        <select aria-label={t('Role')} value={role} onChange={(e) => setRole(e.target.value as CollaboratorRole)} data-testid="invite-role">
          {COLLABORATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABELS[r])}
            </option>
          ))}
        </select>
        <Button type="submit" variant="primary" size="sm" disabled={adding.isLoading}>
          {t('Invite')}
        </Button>
      </form>
      {invited && (
        <p className={styles.muted} role="status">
          {t('{{email}} was invited and gets an e-mail.', { email: invited })}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      )}
      {people.data?.length === 0 && <p className={styles.muted}>{t('Only you can open this canvas so far.')}</p>}
      {people.data && people.data.length > 0 && (
        <ul className={share.people} data-testid="collaborators">
          {people.data.map((p) => (
            <li key={p.id} data-testid="collaborator">
              <span>
                {p.email}
                {p.pending && <span className={styles.muted}> · {t('Invitation sent')}</span>}
              </span>
              <select
                aria-label={t('Role of {{email}}', { email: p.email })}
                value={p.role}
                disabled={updating.isLoading}
                onChange={(e) => void update({ id: projectId, memberId: p.id, role: e.target.value as CollaboratorRole })}
              >
                {COLLABORATOR_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(ROLE_LABELS[r])}
                  </option>
                ))}
              </select>
              <Button variant="danger-text" size="sm" onClick={() => void askRemove(p)} disabled={removing.isLoading}>
                {t('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}

/** Sharing (owner only): the people the project is shared with, and a revocable read-only link. */
export function ShareModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const [loading, setLoading] = useState(true);
  // a link made before is shown as it is (not a "Create link" that would make a second one)
  useEffect(() => {
    let live = true;
    runApi(canvasApi.endpoints.shareLinks.initiate(projectId, fresh)).then(
      (links) => live && (setLink(links[0] ?? null), setLoading(false)),
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  async function create() {
    setError(null);
    try {
      setLink(await runApi(canvasApi.endpoints.createShareLink.initiate(projectId)));
      setRevoked(false);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError(msg('Could not copy; select the link and copy it by hand'));
    }
  }
  async function revoke() {
    if (!link) return;
    const sure = await confirm({
      title: t('Revoke this link?'),
      message: t('People who have the link can no longer open the canvas. A new link can be made later.'),
      action: t('Revoke link'),
    });
    if (!sure) return;
    try {
      await runApi(canvasApi.endpoints.deleteShareLink.initiate(link.share_id));
      setLink(null);
      setRevoked(true);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <Modal title={t('Share')} onClose={onClose} testId="share-modal">
      <PeopleSection projectId={projectId} />
      <h3 className={share.heading}>{t('Read-only link')}</h3>
      <p>{t('People with the link see the current canvas without editing it, without it being published.')}</p>
      {link ? (
        <>
          <input readOnly value={`${location.origin}/share/${link.share_id}`} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
          <div className={styles.row}>
            <Button variant="primary" size="sm" onClick={() => void copy(`${location.origin}/share/${link.share_id}`)}>
              {t('Copy link')}
            </Button>
            <Button variant="danger-text" size="sm" onClick={revoke}>
              {t('Revoke link')}
            </Button>
            {copied && (
              <span className={styles.muted} role="status">
                {t('Link copied')}
              </span>
            )}
          </div>
        </>
      ) : loading ? (
        <p className={styles.muted}>{t('Looking for an existing link…')}</p>
      ) : (
        <div className={styles.row}>
          <Button variant="primary" size="sm" onClick={create}>
            {t('Create link')}
          </Button>
          {revoked && <span className={styles.muted}>{t('The link was revoked.')}</span>}
        </div>
      )}
      {error && <p className={styles.error}>{t(error)}</p>}
      {confirmDialog}
    </Modal>
  );
}

/** Submit the project as a template; ends on the template-submit success screen. */
export function SubmitTemplateModal({ projectId, title, onClose }: { projectId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(title);
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TemplateCategory>('whiteboard');
  const [done, setDone] = useState<TemplateSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  // busy from the first click: a double click submits once
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await runApi(canvasApi.endpoints.createTemplate.initiate({ project_id: projectId, name, description, category })));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  if (done) {
    return (
      <Modal title={t('Template submitted')} onClose={onClose} testId="template-submit-success">
        <p>
          {t(
            'Thank you! “{{name}}” was sent for review. Once approved it appears in the template gallery; you can follow it in the Templates section of your account.',
            {
              name: done.name,
            },
          )}
        </p>
        <div className={styles.row}>
          <Link className={buttonClass('secondary', 'sm')} to="/account#templates">
            {t('My templates')}
          </Link>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={t('Submit as a template')} onClose={onClose} testId="submit-template-modal">
      <label>
        {t('Name')}
        <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('Description')}
        <textarea rows={3} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        {t('Category')}
        <select value={category} onChange={(e) => setCategory(e.target.value as TemplateCategory)}>
          {TEMPLATE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(TEMPLATE_CATEGORY_LABELS[c])}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.row}>
        <Button variant="primary" size="sm" onClick={submit} busy={busy} data-testid="submit-template">
          {t('Submit')}
        </Button>
      </div>
      {error && <p className={styles.error}>{t(error)}</p>}
    </Modal>
  );
}
