// The two DOM helpers the page's modules share.

/** The element with this id (the page's markup is fixed: every id looked up exists). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

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
