// The page's side of the solver worker: send a puzzle, get a promise of the result. A solve
// cannot be interrupted inside wasm, so cancelling terminates the worker and starts a fresh
// one at once; a crashed worker is replaced the same way. The main thread never runs the
// solver.

/** Rejection reason of a solve the player cancelled. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

export class SolverClient {
  constructor() {
    this.nextId = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      const job = this.pending.get(data.id);
      if (!job) return;
      if (data.progress) {
        job.onProgress?.(data.progress);
        return;
      }
      this.pending.delete(data.id);
      if (data.error !== undefined) job.reject(new Error(data.error));
      else job.resolve(data.result);
      if (data.fatal) this.restart(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const why = event.message ? event.message : "the solver could not start (is www/pkg built? run `npm run build`)";
      this.restart(new Error(why));
    };
    worker.onmessageerror = () => this.restart(new Error("the solver's answer could not be read"));
    this.worker = worker;
  }

  /** Terminate the worker, fail every pending solve with `reason`, start a fresh worker. */
  restart(reason) {
    this.worker.terminate();
    const jobs = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const job of jobs) job.reject(reason);
  }

  /** Solve `puzzle` (API shape) in the worker; `onProgress({nodes, millis})` hears about long solves. */
  solve(puzzle, options, onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, puzzle, options });
    });
  }

  /** Stop every solve now. */
  cancel() {
    this.restart(new Cancelled());
  }

  get busy() {
    return this.pending.size > 0;
  }
}
