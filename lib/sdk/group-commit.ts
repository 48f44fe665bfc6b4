// Group commit for the SDK's writes (identity calls, analytics reports). Run one by one, each
// call pays a transaction and several round trips, and on SQLite they all queue on one
// connection. Instead, calls that arrive while the store is busy wait here and then run
// together in one transaction, so the cost per call falls as load rises. A call is answered
// only after the transaction holding its writes has committed.
//
// When jobs have keys, two with the same key (the same identity) never share a batch: the
// later one waits for the next, so each sees the writes of the ones before it exactly as if
// they ran alone. If a batch fails, its calls are retried one by one, so that one bad call
// fails alone.

type Pending<J, R> = { job: J; resolve: (result: R) => void; reject: (error: unknown) => void };

export type GroupCommitOptions<J, R> = {
  /** Runs a batch (distinct keys) in one transaction; answers one result per job, in order. */
  run: (jobs: J[]) => Promise<R[]>;
  /** Jobs with the same key never share a batch; without it, any jobs may. */
  keyOf?: (job: J) => string;
  maxBatch: number;
  /**
   * While calls arrive closer together than this (ms), a group waits this long from its first
   * call before it runs, so that the calls of the next few milliseconds share its transaction;
   * a call after a quiet spell runs at once. 0 (the default): a group runs after the current
   * turn of the event loop.
   */
  gatherMs?: number;
};

export type GroupCommit<J, R> = { submit: (job: J) => Promise<R> };

export function createGroupCommit<J, R>(options: GroupCommitOptions<J, R>): GroupCommit<J, R> {
  let queue: Pending<J, R>[] = [];
  let running = false;
  let scheduled = false;
  let lastSubmit = -Infinity;
  const gatherMs = options.gatherMs ?? 0;

  /** The oldest calls with distinct keys, up to maxBatch; the rest keep their order. */
  function takeBatch(): Pending<J, R>[] {
    const batch: Pending<J, R>[] = [];
    const rest: Pending<J, R>[] = [];
    const keys = new Set<string>();
    for (const item of queue) {
      const key = options.keyOf?.(item.job);
      if (batch.length < options.maxBatch && (key === undefined || !keys.has(key))) {
        if (key !== undefined) keys.add(key);
        batch.push(item);
      } else {
        rest.push(item);
      }
    }
    queue = rest;
    return batch;
  }

  async function runAlone(item: Pending<J, R>) {
    try {
      const [result] = await options.run([item.job]);
      item.resolve(result);
    } catch (error) {
      item.reject(error);
    }
  }

  async function runBatch(batch: Pending<J, R>[]) {
    let results: R[];
    try {
      results = await options.run(batch.map((item) => item.job));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const item of batch) await runAlone(item);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }

  async function drain() {
    scheduled = false;
    running = true;
    try {
      while (queue.length) {
        await runBatch(takeBatch());
        // A backlog is worked off one batch per turn of the event loop, so that requests
        // arriving meanwhile are read and answers written between batches.
        if (queue.length) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  }

  function schedule(steady: boolean) {
    if (running || scheduled) return;
    scheduled = true;
    // Under a steady stream of calls, the next few milliseconds' calls join the batch.
    if (steady) setTimeout(() => void drain(), gatherMs);
    // Otherwise after the I/O phase: every request that arrived in this turn joins the batch.
    else setImmediate(() => void drain());
  }

  return {
    submit(job) {
      let steady = false;
      if (gatherMs > 0) {
        const now = performance.now();
        steady = now - lastSubmit < gatherMs;
        lastSubmit = now;
      }
      return new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        schedule(steady);
      });
    },
  };
}
