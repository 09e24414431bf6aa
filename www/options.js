// The player's options, kept in storage ("settings"): the theme (dark, light, or the system's
// choice) and whether lines that can no longer match their clue are flagged. The theme sets
// `data-theme` on <html> (the style sheet's colours), the board's `theme` and the canvas palette (draw.js).

import { $ } from "./dom.js";
import { setPalette } from "./js/board/draw.js";
import { store } from "./store.js";

/** The player's options. */
export const settings = {
  flagConflicts: true,
  theme: /** @type {"dark" | "light" | null} */ (null),
  ...store.get("settings"),
};

/** Dark or light: the player's choice (the toggle), else the system's (prefers-color-scheme). */
const systemDark = matchMedia("(prefers-color-scheme: dark)");
function applyTheme() {
  const dark = settings.theme ? settings.theme === "dark" : systemDark.matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  setPalette(dark);
  $("player").setAttribute("theme", dark ? "dark" : "light");
  // A toggle for screen readers ("Dark mode", pressed or not); on screen it names the mode a
  // click switches to, so it does not read "Dark" while the page is dark.
  const toggle = $("theme");
  toggle.setAttribute("aria-pressed", String(dark));
  toggle.title = dark ? "Switch to light mode" : "Switch to dark mode";
  /** @type {HTMLElement} */ (toggle.querySelector(".label")).textContent = dark ? " Light" : " Dark";
}
applyTheme();

/**
 * Wire the theme toggle and the "Flag conflicts" box.
 * @param {() => void} redraw draw the board again (a new palette)
 * @param {() => void} flaggingChanged the player turned flagging on or off
 */
export function setupOptions(redraw, flaggingChanged) {
  systemDark.addEventListener("change", () => {
    applyTheme();
    redraw();
  });
  $("theme").addEventListener("click", () => {
    settings.theme = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    store.set("settings", settings);
    applyTheme();
    redraw();
  });
  const flagBox = /** @type {HTMLInputElement} */ ($("flag-conflicts"));
  flagBox.checked = settings.flagConflicts;
  flagBox.addEventListener("change", () => {
    settings.flagConflicts = flagBox.checked;
    store.set("settings", settings);
    flaggingChanged();
  });
}
