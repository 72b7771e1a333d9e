/** Types of builds.mjs (a plain Node module, so `npm start` needs no build to read it). */
export interface Build {
  /** absolute path of the file whose age says when the build ran */
  output: string;
  /** paths relative to the repository whose newest file the output must not be older than */
  sources: string[];
  /** the npm script that builds it */
  script: string;
  label: string;
}

export const builds: { web: Build; server: Build };
export function heapArgs(env?: NodeJS.ProcessEnv): string[];
export const serverArgs: string[];
export function buildWhenStale(build: Build): boolean;
export function buildBothOrExit(): void;
