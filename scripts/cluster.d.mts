/** Types of cluster.mjs (a plain Node module, so `npm run demo:cluster` needs no build to read it). */
export interface ClusterInstance {
  /** a, b, …: the value of the pin cookie that prefers it */
  name: string;
  port: number;
  /** the instance itself, bypassing nginx */
  url: string;
  output(): string;
}

export interface Cluster {
  /** nginx's address, also every instance's PUBLIC_URL */
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  kill(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const nginxPath: string;
export const pinCookie: string;
export function freePort(): Promise<number>;
export function nginxConfig(opts: {
  dir: string;
  port: number;
  instances: { name: string; port: number }[];
}): string;
export function nginxAvailable(): boolean;
export function startCluster(opts: {
  count?: number;
  databaseUrl?: string;
  adminUrl?: string;
  env?: Record<string, string>;
  log?: (name: string, chunk: Buffer) => void;
}): Promise<Cluster>;
