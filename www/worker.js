// The solver's thread: a module worker that loads the wasm once and answers
// {id, puzzle, options} with {id, result} or {id, error} (and {id, progress} now and then
// during a long solve). The page terminates this worker to
// cancel a solve (wasm cannot be interrupted from outside), so nothing here keeps state
// worth saving.
import init, { solve } from "./pkg/gridlogic.js";

const ready = init();
ready.catch(() => {}); // reported to the page with the first request

self.onmessage = async ({ data }) => {
  const { id, puzzle, options } = data;
  try {
    await ready;
  } catch (e) {
    // The page replaces this worker; the next one loads again.
    self.postMessage({ id, error: `the solver could not load (${e.message})`, fatal: true });
    return;
  }
  try {
    const onProgress = (stats) => self.postMessage({ id, progress: { nodes: stats.nodes, millis: stats.millis } });
    const result = solve(puzzle, { ...options, onProgress });
    self.postMessage({ id, result });
  } catch (e) {
    // A trap (RuntimeError) leaves the wasm instance unusable: ask to be replaced.
    const fatal = e instanceof WebAssembly.RuntimeError || !(e instanceof Error);
    const message = e instanceof Error ? e.message : String(e);
    self.postMessage({ id, error: fatal ? `the solver crashed (${message})` : message, fatal });
  }
};
