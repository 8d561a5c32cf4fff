import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { Queues } from '../../libs/contracts/src';
import { loadConfig } from '../../libs/common/src/config';
import { aiEnvSchema } from '../../services/ai/src/config';
import { authEnvSchema } from '../../services/auth/src/config';
import { gatewayEnvSchema } from '../../services/gateway/src/config';
import { licenseEnvSchema } from '../../services/license/src/config';
import { mediaEnvSchema } from '../../services/media/src/config';
import { readmeVariables } from '../support/readme';

/**
 * The Kubernetes manifests as `kubectl kustomize` renders them (Debian's kubernetes-client, or any
 * kubectl on the PATH; KUBECTL to choose), every object validated against the Kubernetes API
 * schemas (kubernetes-models) and KEDA's ScaledObject against its CRD's shape, then the rules an
 * operator relies on.
 */
const ROOT = join(__dirname, '../..');
const K8S = join(ROOT, 'infra/k8s');
const APP_SERVICES = ['gateway', 'auth', 'license', 'media', 'ai', 'publish'];

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [k: string]: any };

const models: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
};
const ajv = new Ajv({ allErrors: true, strict: false });
const validateScaledObject = ajv.compile(JSON.parse(readFileSync(join(K8S, 'schemas/keda-scaledobject.schema.json'), 'utf8')));

function render(dir: string): K8sObject[] {
  const out = execFileSync(process.env.KUBECTL ?? 'kubectl', ['kustomize', join(K8S, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject)
    .filter(Boolean);
}

/** Throws with the object's name when it does not match its API schema. */
function validate(obj: K8sObject): void {
  const where = `${obj.kind} ${obj.metadata?.name}`;
  if (obj.apiVersion === 'keda.sh/v1alpha1' && obj.kind === 'ScaledObject') {
    if (!validateScaledObject(obj)) throw new Error(`${where}: ${ajv.errorsText(validateScaledObject.errors)}`);
    return;
  }
  const Model = models[`${obj.apiVersion}/${obj.kind}`];
  if (!Model) throw new Error(`${where}: no schema for ${obj.apiVersion} ${obj.kind}`);
  try {
    new Model(obj).validate();
  } catch (err) {
    throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
  }
}

const find = (objs: K8sObject[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);
const settings = (objs: K8sObject[]) =>
  ({
    ...find(objs, 'ConfigMap', 'visualnotes-config')!.data,
    ...find(objs, 'Secret', 'visualnotes-secrets')!.stringData,
  }) as Record<string, string>;

describe.each(['base', 'local'])('Kubernetes manifests: %s', (dir) => {
  let objs: K8sObject[];
  beforeAll(() => {
    objs = render(dir);
  });

  it('renders, and every object is valid against its API schema', () => {
    expect(objs.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const obj of objs) {
      try {
        validate(obj);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a Deployment with probes, resources and a disruption budget for every service', () => {
    for (const name of APP_SERVICES) expect(find(objs, 'Deployment', name)).toBeDefined();
    const pdbs = objs.filter((o) => o.kind === 'PodDisruptionBudget');
    for (const d of objs.filter((o) => o.kind === 'Deployment')) {
      for (const c of d.spec.template.spec.containers) {
        const where = `${d.metadata.name}/${c.name}`;
        expect([where, Boolean(c.livenessProbe), Boolean(c.readinessProbe)]).toEqual([where, true, true]);
        expect([where, c.resources?.requests?.cpu, c.resources?.requests?.memory, c.resources?.limits?.memory].every(Boolean)).toBe(true);
        expect([where, c.image]).not.toEqual([where, expect.stringMatching(/:latest$/)]);
      }
      if (APP_SERVICES.includes(d.metadata.name)) {
        const labels = d.spec.template.metadata.labels;
        const covered = pdbs.some((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => labels[k] === v));
        expect([d.metadata.name, covered]).toEqual([d.metadata.name, true]);
      }
    }
  });

  it('probes every service where it answers: the gateway on its port, the others on METRICS_PORT', () => {
    const port = Number(settings(objs).METRICS_PORT);
    expect(port).toBeGreaterThan(0);
    for (const name of APP_SERVICES.filter((s) => s !== 'gateway')) {
      const c = find(objs, 'Deployment', name)!.spec.template.spec.containers[0];
      expect(c.ports).toContainEqual({ name: 'metrics', containerPort: port });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'metrics' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'metrics' });
      expect(c.env).toContainEqual({ name: 'SERVICE', value: name });
    }
    const gw = find(objs, 'Deployment', 'gateway')!.spec.template.spec.containers[0];
    expect(gw.livenessProbe.httpGet.path).toBe('/api/health/live');
    expect(gw.ports).toContainEqual({ name: 'http', containerPort: Number(settings(objs).PORT) });
  });

  it('gives the ai workers a grace period longer than one model call', () => {
    const aiConfig = loadConfig(aiEnvSchema, settings(objs));
    const grace = find(objs, 'Deployment', 'ai')!.spec.template.spec.terminationGracePeriodSeconds;
    expect(grace).toBeGreaterThanOrEqual(aiConfig.AI_TIMEOUT_MS / 1000 + 30);
  });

  it('lets every copy finish what it holds before its pod is killed: an ai worker a whole model call', () => {
    const shutdownMs = (name: string) => {
      const c = find(objs, 'Deployment', name)!.spec.template.spec.containers[0];
      const own = (c.env as { name: string; value?: string }[] | undefined)?.find((e) => e.name === 'SHUTDOWN_TIMEOUT_MS')?.value;
      return Number(own ?? settings(objs).SHUTDOWN_TIMEOUT_MS);
    };
    for (const name of APP_SERVICES) {
      const spec = find(objs, 'Deployment', name)!.spec.template.spec;
      const preStop = Number(spec.containers[0].lifecycle?.preStop?.exec?.command?.[1] ?? 0);
      // a copy exits at most 5 s after its time-out; the preStop pause comes before the signal
      expect([name, preStop + shutdownMs(name) / 1000 + 5 <= spec.terminationGracePeriodSeconds]).toEqual([name, true]);
    }
    expect(shutdownMs('ai')).toBeGreaterThan(loadConfig(aiEnvSchema, settings(objs)).AI_TIMEOUT_MS);
  });

  it('has every variable of the README table in the ConfigMap or the Secret, valid for every service', () => {
    const env = settings(objs);
    const missing = readmeVariables().filter((v) => !(v in env));
    expect(missing).toEqual([]);
    for (const schema of [gatewayEnvSchema, authEnvSchema, licenseEnvSchema, mediaEnvSchema, aiEnvSchema]) {
      expect(() => loadConfig(schema, env)).not.toThrow();
    }
    const config = loadConfig(aiEnvSchema, env);
    expect(config.NODE_ENV).toBe('production');
    expect(config.STORAGE).toBe('s3');
    for (const d of objs.filter((o) => o.kind === 'Deployment' && APP_SERVICES.includes(o.metadata.name))) {
      expect(d.spec.template.spec.containers[0].envFrom).toEqual([
        { configMapRef: { name: 'visualnotes-config' } },
        { secretRef: { name: 'visualnotes-secrets' } },
      ]);
    }
  });

  it('puts the gateway behind a Service and an Ingress, scaled on CPU', () => {
    const labels = find(objs, 'Deployment', 'gateway')!.spec.template.metadata.labels;
    const svc = find(objs, 'Service', 'gateway')!;
    expect(Object.entries(svc.spec.selector).every(([k, v]) => labels[k] === v)).toBe(true);
    const backend = find(objs, 'Ingress', 'gateway')!.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('gateway');
    expect(svc.spec.ports.map((p: { name: string }) => p.name)).toContain(backend.port.name);
    const hpa = find(objs, 'HorizontalPodAutoscaler', 'gateway')!;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' });
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    // The autoscaler owns the copy count.
    expect(find(objs, 'Deployment', 'gateway')!.spec.replicas).toBeUndefined();
  });

  it('backs up on a schedule with `npm run backup -- --upload`, to S3, keeping the newest BACKUP_KEEP', () => {
    const cron = find(objs, 'CronJob', 'backup')!;
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    const pod = cron.spec.jobTemplate.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    const [container] = pod.containers;
    expect(container.image).toMatch(/^visualnotes(:|$)/);
    expect(container.command).toEqual(['node', 'scripts/backup.mjs', '--upload']);
    expect(readFileSync(join(ROOT, 'scripts/backup.mjs'), 'utf8')).toContain('BACKUP_KEEP');
    // the same settings as the services: the same database and bucket
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'visualnotes-config' } }, { secretRef: { name: 'visualnotes-secrets' } }]);
    const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(Number(env.BACKUP_KEEP)).toBeGreaterThanOrEqual(1);
    expect(loadConfig(aiEnvSchema, settings(objs)).STORAGE).toBe('s3');
    // the archive is staged on a writable volume, the root filesystem staying read-only
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    const mounts = container.volumeMounts.map((m: { mountPath: string }) => m.mountPath);
    expect(mounts.some((m: string) => env.TMPDIR === m || env.TMPDIR.startsWith(`${m}/`))).toBe(true);
    expect(mounts.some((m: string) => env.BACKUP_DIR.startsWith(`${m}/`))).toBe(true);
  });

  it('scales the ai workers with KEDA on the depth of every ai queue, prioritised jobs included', () => {
    const so = find(objs, 'ScaledObject', 'ai')!;
    expect(so.spec.scaleTargetRef.name).toBe('ai');
    expect(find(objs, 'Deployment', 'ai')!.spec.replicas).toBeUndefined();
    const trigger = so.spec.triggers[0];
    expect(trigger.type).toBe('prometheus');
    for (const queue of [Queues.aiTranscription, Queues.aiSummaries, Queues.aiDocuments]) expect(trigger.metadata.query).toContain(queue);
    expect(trigger.metadata.query).toContain('prioritized');
    // each queue is exported by one process at a time: a plain sum of the gauge, no de-duplication
    expect(trigger.metadata.query).toMatch(/^sum\(vn_queue_jobs\{/);
  });
});

describe('the validators themselves', () => {
  it('refuse a malformed Deployment and a malformed ScaledObject', () => {
    expect(() =>
      validate({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two', selector: {}, template: {} } }),
    ).toThrow('replicas must be integer');
    expect(() =>
      validate({
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        metadata: { name: 'ai' },
        spec: { scaleTargetRef: { name: 'ai' }, triggers: [{ type: 'prometheus', metadata: { threshold: 8 } }] },
      }),
    ).toThrow('must be string');
    expect(() =>
      validate({
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        metadata: { name: 'ai' },
        spec: { scaleTargetRef: { name: 'ai' }, triggers: [], maxReplicas: 3 },
      }),
    ).toThrow();
    expect(() => validate({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } })).toThrow('no schema');
  });
});
