// The solver's thread: a module worker that loads the wasm once and answers
// {id, puzzle, options} with {id, result} or {id, error}. The page terminates this worker to
// cancel a solve (wasm cannot be interrupted from outside), so nothing here keeps state
// worth saving.
import init, { solve } from "./pkg/gridlogic.js";

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, puzzle, options } = data;
  try {
    await ready;
    const result = solve(puzzle, options);
    self.postMessage({ id, result });
  } catch (e) {
    // A trap (RuntimeError) leaves the wasm instance unusable: ask to be replaced.
    const fatal = e instanceof WebAssembly.RuntimeError || !(e instanceof Error);
    const message = e instanceof Error ? e.message : String(e);
    self.postMessage({ id, error: fatal ? `the solver crashed (${message})` : message, fatal });
  }
};
