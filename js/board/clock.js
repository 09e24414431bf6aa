// The open puzzle's clock: the time spent on it, counted only while the page is visible and
// the puzzle unsolved, kept with the board (main.js saves `elapsed` with every move and when
// the page is hidden or left), and the text the page shows for a time.

/** A time in milliseconds as the page writes it: "m:ss", or "h:mm:ss" from an hour. */
export function timeText(/** @type {number} */ ms) {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export class Clock {
  constructor() {
    /** Milliseconds counted before the current run. */
    this.before = 0;
    /** When the current run started (performance.now()), or null when stopped. */
    this.since = /** @type {number | null} */ (null);
  }

  /** Milliseconds counted so far. */
  elapsed() {
    return this.before + (this.since === null ? 0 : performance.now() - this.since);
  }

  get running() {
    return this.since !== null;
  }

  /** Start counting (from where it stopped); no-op when running. */
  start() {
    if (this.since === null) this.since = performance.now();
  }

  /** Stop counting; the time so far is kept. */
  stop() {
    this.before = this.elapsed();
    this.since = null;
  }

  /** Set the time counted so far (stopped). */
  set(/** @type {number} */ ms) {
    this.before = ms;
    this.since = null;
  }
}
