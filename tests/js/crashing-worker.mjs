// The Node solver's worker thread (js/node-worker.js), which crashes on a puzzle
// `{ crash: "exit" }` (the thread ends) or `{ crash: "throw" }` (an uncaught error): for the
// tests of a pool replacing a crashed worker.
import { parentPort } from "node:worker_threads";
import "../../js/node-worker.js";

parentPort.on("message", ({ puzzle }) => {
  if (puzzle?.crash === "exit") process.exit(3);
  if (puzzle?.crash === "throw") throw new Error("the test worker crashed on purpose");
});
