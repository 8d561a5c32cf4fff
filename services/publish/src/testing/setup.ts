import { bullConnection, closeBull, RedisQueueClient, RpcClient } from '@visualnotes/common';
import { Queues } from '@visualnotes/contracts';
import { Queue } from 'bullmq';
import { createTestRedis } from '@visualnotes/testing';
import { CollaboratorsService } from '../collaborators/collaborators.service';
import { publishEnvSchema, type PublishConfig } from '../config';
import { ProjectsService } from '../projects/projects.service';
import { ScenePool, scenePoolOptions } from '../projects/scene-pool';
import { VersionsService } from '../versions/versions.service';
import { InMemoryCollaborators, InMemoryProjects, InMemoryVersions } from './in-memory';

/**
 * The publish service's project rules wired as the module wires them, over in-memory
 * repositories. RPC goes through the real transport on a Redis prefix of the test's own, where
 * no other service answers (as when they are down).
 */
export async function projectRules(env: Record<string, string> = {}) {
  const redisInfo = await createTestRedis();
  const config: PublishConfig = publishEnvSchema.parse({ REDIS_URL: redisInfo.url, REDIS_PREFIX: redisInfo.prefix, ...env });
  const rpc = new RpcClient(new RedisQueueClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, timeoutMs: 1_000 }));
  const stores = { projects: new InMemoryProjects(), versions: new InMemoryVersions() };
  const settling = new Queue(Queues.publishVersions, bullConnection(config));
  // errors of a connection dropped while the test ends are not the test's failures
  settling.on('error', () => undefined);
  const scenes = new ScenePool(scenePoolOptions(config));
  const versions = new VersionsService(stores.versions, config, settling, scenes);
  const projects = new ProjectsService(stores.projects, rpc, versions, scenes);
  const collaborators = new CollaboratorsService(new InMemoryCollaborators(stores.projects), stores.projects, rpc, projects);
  return {
    config,
    stores,
    projects,
    versions,
    collaborators,
    async close() {
      await rpc.onModuleDestroy();
      await scenes.close();
      await closeBull(settling);
      await redisInfo.flush();
    },
  };
}
export type ProjectRules = Awaited<ReturnType<typeof projectRules>>;
