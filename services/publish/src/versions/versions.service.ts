import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, Jobs, PublishMessages, Queues, type JobPayloads, type ProjectVersion, type Scene, type VersionComparison } from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import type { PublishConfig } from '../config';
import { ScenePool } from '../projects/scene-pool';
import { changedElements, diffScenes, type SceneDelta } from './scene-delta';
import { rebuildScene } from './version-chain';
import { versionView } from './version.view';
import { VersionsRepository, type Tx, type VersionStore } from './versions.repository';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);
// Quality 5 compresses a 6 MB scene in well under a second; higher levels cost far more time for little.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** At most this many deltas follow a whole scene, so reading any version decodes a short chain. */
const DELTAS_PER_FULL = 19;

type Reason = ProjectVersion['reason'];

/**
 * How {@link VersionsService.keep} decides: `force` keeps the scene at once (publish, restore);
 * `due` keeps it when a version is due; `settle` (a save) keeps the project as it is once its
 * saves pause, when a version is due.
 */
export type Keeping = 'force' | 'due' | 'settle';

/** The queue of `version.keep` jobs, as the service uses it. */
export type SettleQueue = Pick<Queue<JobPayloads['version.keep']>, 'add' | 'getDeduplicationJobId' | 'getJob'>;

const notFound = () => new DomainError('NOT_FOUND', PublishMessages.versionNotFound);

/**
 * Version history of projects: the scene is kept at most once per `VERSION_INTERVAL_MS` while it
 * is saved, and always on publish and before a restore. A save's version waits until the
 * project's saves pause for `VERSION_SETTLE_MS` (a delayed job that each save pushes back), so
 * the live channel's saves in the middle of a stroke never become a version; saves that never
 * pause still get one per interval. Each version is stored brotli-compressed, as a whole scene or
 * (mostly) as the change from the version before it. Callers check access.
 */
@Injectable()
export class VersionsService {
  constructor(
    @Inject(VersionsRepository) private readonly versions: VersionStore,
    @Inject(SERVICE_CONFIG) private readonly config: PublishConfig,
    @InjectQueue(Queues.publishVersions) private readonly settling: SettleQueue,
    @Inject(ScenePool) private readonly scenes: Pick<ScenePool, 'compare'>,
  ) {}

  /**
   * Keeps `scene` (the project at `projectVersion`) unless the newest version already holds that
   * project version, or (unless forced) is younger than the interval. A save (`settle`) is kept
   * later, as the project is when its saves pause.
   */
  async keep(projectId: string, projectVersion: number, scene: Scene, authorId: string, reason: Reason, keeping: Keeping): Promise<void> {
    const { VERSION_INTERVAL_MS: interval, VERSION_SETTLE_MS: settle } = this.config;
    if (keeping === 'settle' && settle > 0 && interval > 0) {
      const last = await this.versions.newest(projectId);
      if (last && (last.project_version === projectVersion || Number(last.age_ms) < interval)) return;
      // the saves so far without a pause: since the first one that found a version due
      const pendingId = await this.settling.getDeduplicationJobId(projectId);
      const since = (pendingId && (await this.settling.getJob(pendingId))?.data.since) || Date.now();
      if (Date.now() - since < interval) {
        await this.settling.add(
          Jobs.versionKeep,
          { projectId, authorId, since },
          { delay: settle, deduplication: { id: projectId, ttl: settle, extend: true, replace: true }, removeOnComplete: true },
        );
        return;
      }
    }
    // one writer per project at a time, so versions form one chain
    await this.versions.transaction(projectId, async (tx) => {
      const last = await this.versions.newest(projectId, tx);
      if (last && last.project_version === projectVersion) return;
      if (last && keeping !== 'force' && Number(last.age_ms) < interval) return;

      let kind: 'full' | 'delta' = 'full';
      let payload: Scene | SceneDelta = scene;
      let changed = scene.elements.length;
      if (last) {
        const chain = await this.versions.chain(projectId, last.id, tx);
        const delta = diffScenes(await this.decode(chain), scene);
        changed = changedElements(delta);
        if (chain.length <= DELTAS_PER_FULL) {
          kind = 'delta';
          payload = delta;
        }
      }
      const data = await compress(Buffer.from(JSON.stringify(payload)), BROTLI);
      // who changed it since the version before (the author too, last when not noted before)
      const editorIds = [...new Set([...(await this.versions.takeEditors(projectId, tx)), authorId])];
      await this.versions.insert(
        { projectId, projectVersion, authorId, editorIds, reason, kind, data, changedElements: changed, elements: scene.elements.length },
        tx,
      );
      await this.prune(tx, projectId);
    });
  }

  /** Notes who changed the scene, so the next version kept names them (see `editor_ids`). */
  async noteEditors(projectId: string, userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) await this.versions.noteEditor(projectId, userId);
  }

  /**
   * What changed from one kept version to another, or to `current` (the scene now): both are
   * rebuilt and compared in a worker thread.
   */
  async compare(projectId: string, fromId: string, to: string | { scene: Scene }): Promise<VersionComparison> {
    const [fromChain, toChain] = await Promise.all([
      this.versions.chain(projectId, fromId),
      typeof to === 'string' ? this.versions.chain(projectId, to) : Promise.resolve(null),
    ]);
    if (!fromChain.length || (toChain && !toChain.length)) throw notFound();
    const rows = (chain: { kind: 'full' | 'delta'; data: Buffer }[]) => chain.map(({ kind, data }) => ({ kind, data }));
    const { added, removed, changed } = await this.scenes.compare({
      from: rows(fromChain),
      to: toChain ? rows(toChain) : { sceneText: JSON.stringify((to as { scene: Scene }).scene) },
    });
    return {
      from: versionView(fromChain[fromChain.length - 1]),
      to: toChain ? versionView(toChain[toChain.length - 1]) : null,
      added,
      removed,
      changed,
      counts: { added: added.length, removed: removed.length, changed: changed.length },
    };
  }

  async list(projectId: string): Promise<ProjectVersion[]> {
    return (await this.versions.list(projectId, this.config.VERSIONS_KEEP)).map(versionView);
  }

  async scene(projectId: string, versionId: string): Promise<ProjectVersion & { scene: Scene }> {
    const chain = await this.versions.chain(projectId, versionId);
    if (!chain.length) throw notFound();
    return { ...versionView(chain[chain.length - 1]), scene: await this.decode(chain) };
  }

  /** Stored bytes of one version (for measuring what history costs). */
  async storedBytes(versionId: string): Promise<number> {
    return this.versions.storedBytes(versionId);
  }

  private async decode(chain: { kind: 'full' | 'delta'; data: Buffer }[]): Promise<Scene> {
    return rebuildScene(await Promise.all(chain.map(async (row) => ({ kind: row.kind, json: (await decompress(row.data)).toString('utf8') }))));
  }

  /**
   * Removes versions beyond `VERSIONS_KEEP` or older than `VERSIONS_KEEP_DAYS`; the oldest one
   * kept becomes a whole scene first when it was a delta of a removed one.
   */
  private async prune(tx: Tx, projectId: string): Promise<void> {
    const ids = await this.versions.beyond(projectId, this.config.VERSIONS_KEEP, this.config.VERSIONS_KEEP_DAYS, tx);
    if (!ids.length) return;
    const oldest = await this.versions.oldestExcept(projectId, ids, tx);
    if (oldest?.kind === 'delta') {
      const whole = await this.decode(await this.versions.chain(projectId, oldest.id, tx));
      await this.versions.makeFull(oldest.id, await compress(Buffer.from(JSON.stringify(whole)), BROTLI), tx);
    }
    await this.versions.remove(ids, tx);
  }
}
