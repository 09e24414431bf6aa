// The DOM helpers the board and the play page share (the page's own, `$`, is www/dom.js), and
// the durations they wait for.

/**
 * A `<button type="button">`.
 * @param {string} text its label
 * @param {() => void} onClick
 * @param {{ id?: string, title?: string, className?: string }} [options]
 */
export function button(text, onClick, { id, title, className } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (id) b.id = id;
  if (title) b.title = title;
  if (className) b.className = className;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * A duration (ms) the page waits for: `fallback`, unless the page was given another before its
 * scripts ran, as `window.gridlogicConfig[name]` (a number ≥ 0). Tests set it (Playwright's
 * addInitScript) so as not to sit through seconds of waiting; players never do.
 * @param {string} name
 * @param {number} fallback
 */
export function duration(name, fallback) {
  const given = /** @type {any} */ (window).gridlogicConfig?.[name];
  return typeof given === "number" && given >= 0 ? given : fallback;
}
