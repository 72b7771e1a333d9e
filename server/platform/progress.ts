/**
 * Start-up progress for whoever runs `npm start`: a first start migrates and seeds for
 * most of a minute before the server logs anything, so each step says when it begins
 * and how long it took. Plain lines on stdout, step names and times only: never a
 * name, an address or anything else from the data.
 */
export type Step = <T>(label: string, work: () => Promise<T>) => Promise<T>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function startupSteps(write: (line: string) => void): Step {
  return async (label, work) => {
    const began = performance.now();
    write(`${label}…`);
    const result = await work();
    write(`${label}: done in ${seconds(performance.now() - began)}`);
    return result;
  };
}

/** A step that only does its work (tests, and LOG_LEVEL=silent). */
export const quietStep: Step = (_label, work) => work();
