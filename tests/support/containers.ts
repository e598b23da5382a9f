import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Servers the Kafka and KurrentDB suites need, found in this order:
 * 1. the address given (KAFKA_BROKERS, KURRENTDB_URL): used as it is;
 * 2. a Docker engine this process can reach (DOCKER_HOST, the usual sockets, or
 *    ~/.testcontainers.properties): the server is started with testcontainers
 *    (@testcontainers/kafka; KurrentDB as a GenericContainer) and stopped after the suite;
 * 3. neither: the suite is skipped (describe.skip, counted as skipped) and says why.
 * testcontainers is required only in case 2: a run without Docker never loads it.
 */
export type Server = { address: string; stop(): Promise<void> };
export type Found = { server?: () => Promise<Server>; skip?: string };

const KAFKA_IMAGE = process.env.KAFKA_IMAGE ?? 'confluentinc/cp-kafka:7.6.1';
const KURRENTDB_IMAGE = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:25.0';

/** Where a Docker engine may answer; undefined when none is configured or present (no connection is tried here). */
export const dockerEngine = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  if (env.DOCKER_HOST) return env.DOCKER_HOST;
  const sockets = ['/var/run/docker.sock', path.join(os.homedir(), '.docker', 'run', 'docker.sock'), path.join(os.homedir(), '.docker', 'desktop', 'docker.sock')];
  if (env.XDG_RUNTIME_DIR) sockets.push(path.join(env.XDG_RUNTIME_DIR, 'docker.sock'));
  const socket = sockets.find((s) => fs.existsSync(s));
  if (socket) return `unix://${socket}`;
  const props = path.join(os.homedir(), '.testcontainers.properties');
  if (fs.existsSync(props) && /docker\.host\s*=/.test(fs.readFileSync(props, 'utf8'))) return 'from ~/.testcontainers.properties';
  return undefined;
};

const noServer = (what: string, variable: string) =>
  `${what} suite skipped: ${variable} is not set and no Docker engine is reachable (DOCKER_HOST or /var/run/docker.sock) for testcontainers to start one. ` +
  `Set ${variable} to run it against a server, or run where Docker is.`;

export const kafkaServer = (env: NodeJS.ProcessEnv = process.env): Found => {
  if (env.KAFKA_BROKERS) return { server: async () => ({ address: env.KAFKA_BROKERS!, stop: async () => undefined }) };
  if (!dockerEngine(env)) return { skip: noServer('Kafka', 'KAFKA_BROKERS') };
  return {
    server: async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { KafkaContainer } = require('@testcontainers/kafka') as typeof import('@testcontainers/kafka');
      const started = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
      return { address: `${started.getHost()}:${started.getMappedPort(9093)}`, stop: async () => void (await started.stop()) };
    },
  };
};

export const kurrentServer = (env: NodeJS.ProcessEnv = process.env): Found => {
  if (env.KURRENTDB_URL) return { server: async () => ({ address: env.KURRENTDB_URL!, stop: async () => undefined }) };
  if (!dockerEngine(env)) return { skip: noServer('KurrentDB', 'KURRENTDB_URL') };
  return {
    server: async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { GenericContainer, Wait } = require('testcontainers') as typeof import('testcontainers');
      const started = await new GenericContainer(KURRENTDB_IMAGE)
        .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s === 204 || s === 200))
        .start();
      return { address: `kurrentdb://${started.getHost()}:${started.getMappedPort(2113)}?tls=false`, stop: async () => void (await started.stop()) };
    },
  };
};

/** describe, or describe.skip with the reason printed once, as the suite's server allows. */
export const describeWith = (found: Found): jest.Describe => {
  if (found.skip) {
    console.warn(found.skip);
    return describe.skip;
  }
  return describe;
};
