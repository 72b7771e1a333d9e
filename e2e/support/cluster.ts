/**
 * Two instances of the bundled server on one PostgreSQL database, behind nginx
 * (./nginx.ts): what the cluster journey (e2e/cluster.spec.ts) and `npm run
 * demo:cluster` run. The instances share AUTH_SECRET and PUBLIC_URL (nginx's URL, the
 * only one a browser sees) and believe nginx's X-Forwarded-* (TRUST_PROXY=1: one proxy
 * hop); each has a DATA_DIR of its own, as two machines would. `kill(name)` ends an
 * instance with SIGKILL, the way a crash would.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type InstanceName, PIN_COOKIE, type RunningNginx, startNginx } from "./nginx.ts";
import {
  freePort,
  freshPostgresDatabase,
  type ServerEnv,
  type ServerProcess,
  spawnServer,
} from "./server.ts";

export type { InstanceName };
export const instanceNames: InstanceName[] = ["a", "b"];

export interface ClusterInstance {
  name: InstanceName;
  /** host:port, as nginx's upstream names it (and its X-Upstream-Addr header) */
  address: string;
  process: ServerProcess;
}

export interface RunningCluster {
  /** nginx's URL: the app's PUBLIC_URL */
  url: string;
  instances: Record<InstanceName, ClusterInstance>;
  nginx: RunningNginx;
  /** a cookie that pins a browser to one instance (the other one is its backup) */
  pin(name: InstanceName): { name: string; value: string; url: string };
  /** SIGKILL the instance, waiting for it to be gone */
  kill(name: InstanceName): Promise<void>;
  /** how long the start took, database to nginx answering */
  startMs: number;
  stop(): Promise<void>;
}

export type ClusterDatabase =
  /** a new database on this PostgreSQL server, dropped at stop */
  | { adminUrl: string }
  /** this database, kept */
  | { databaseUrl: string };

export interface ClusterOptions {
  /** more environment for both instances */
  env?: ServerEnv;
  /** each instance's output as it comes, e.g. to show it */
  onOutput?: (name: InstanceName, chunk: string) => void;
}

export async function startCluster(
  database: ClusterDatabase,
  options: ClusterOptions = {},
): Promise<RunningCluster> {
  const started = performance.now();
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    // Last started, first stopped: nginx, the instances, their dirs, the database.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    let databaseUrl: string;
    if ("adminUrl" in database) {
      const fresh = await freshPostgresDatabase(database.adminUrl);
      cleanups.push(fresh.drop);
      databaseUrl = fresh.url;
    } else databaseUrl = database.databaseUrl;

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const shared: ServerEnv = {
      APP_ENV: "staging",
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      HOST: "127.0.0.1",
      TRUST_PROXY: "1",
      ...options.env,
    };

    const instances = {} as Record<InstanceName, ClusterInstance>;
    // Together, as a deployment starts them: on the new database one migrates and seeds
    // under the start-up lock while the other waits for it.
    await Promise.all(
      instanceNames.map(async (name) => {
        const port = await freePort();
        const dataDir = await mkdtemp(path.join(os.tmpdir(), `vaktrom-cluster-${name}-`));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true, maxRetries: 3 }));
        const address = `127.0.0.1:${port}`;
        const server = await spawnServer(
          { ...shared, PORT: String(port), DATA_DIR: dataDir },
          `http://${address}`,
          options.onOutput && ((chunk) => options.onOutput?.(name, chunk)),
        );
        cleanups.push(server.stop);
        instances[name] = { name, address, process: server };
      }),
    );

    const nginx = await startNginx({
      port: nginxPort,
      upstreams: { a: instances.a.address, b: instances.b.address },
    });
    cleanups.push(nginx.stop);

    return {
      url,
      instances,
      nginx,
      pin: (name) => ({ name: PIN_COOKIE, value: name, url }),
      kill: (name) => instances[name].process.kill(),
      startMs: Math.round(performance.now() - started),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
