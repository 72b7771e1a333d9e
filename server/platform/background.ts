/**
 * Work done after the answer has left: a sign-in request answers at once and the same
 * way for every address, while the lookup and the mail are done here. Failures are
 * logged, never thrown at nobody. Tests and shutdown wait for `settled()`.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: { error(obj: unknown, msg?: string): void }) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = work()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, `${name} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when everything started so far, and anything it started, is done. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
