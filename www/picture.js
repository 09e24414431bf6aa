// Make from a picture: a nonogram author's editor. An image file (any the browser decodes:
// the canvas reads it, no image library) is read as cells: each cell is the average of its
// part of the image (transparent counts as white), filled when darker than the threshold. Or
// a blank grid to draw on. Clicking or dragging on the grid fills or clears cells; after every
// change the package's `nonogramFromPicture` (in the page's worker) says whether the clues of
// the picture have one solution, and outlines the ambiguous cells (where two solutions
// differ) when they have more. The puzzle can then be played (it joins the list) or exported
// as text in any nonogram format the package writes.
//
// One check runs at a time; changes made meanwhile are checked when it answers (the latest
// picture wins), so a drag never queues a check per cell.

import { $ } from "./dom.js";
import { COLORS, prepareCanvas } from "./draw.js";
import { formatPuzzle } from "./js/browser.js";
import { keepRating } from "./ratings.js";
import * as solving from "./solving.js";
import { customEntry } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {import("../pkg/gridlogic_explain.js").FromPicture} FromPicture */

/** The sides a picture may have here (the package takes up to 200; cells must stay clickable). */
const MIN_SIDE = 2;
const MAX_SIDE = 50;
/** The nonogram formats offered for export (those the package writes). */
const FORMATS = ["canonical", "non", "webpbn-xml", "nin", "tatham", "nonogrid-toml", "picross-solver"];

/** The editor's picture: its size, its cells (1 filled), the image it was read from, the last check. */
const picture = {
  width: 15,
  height: 15,
  cells: new Uint8Array(15 * 15),
  /** @type {ImageBitmap | null} */
  image: null,
  /** @type {FromPicture | null} the check of the cells as they are (null while one is due) */
  checked: null,
  /** @type {string} the check's error, if it failed */
  error: "",
};

/** The editor as tests see it (hook.js): the cells, the verdict, the outlined cells. */
export function pictureState() {
  const canvas = $("picture-grid");
  const rect = canvas.getBoundingClientRect();
  const cell = rect.width / picture.width;
  return {
    width: picture.width,
    height: picture.height,
    cells: [...picture.cells],
    status: picture.checked?.status ?? (picture.error ? "error" : "checking"),
    ambiguous: picture.checked?.ambiguous ?? [],
    /** The centre of cell i in client coordinates. */
    centres: Array.from({ length: picture.cells.length }, (_, i) => ({
      x: rect.left + ((i % picture.width) + 0.5) * cell,
      y: rect.top + (Math.floor(i / picture.width) + 0.5) * cell,
    })),
  };
}

/**
 * The cells of `image` at `width` × `height`: each the mean luminance of its part (read at up
 * to 8×8 samples a cell), filled when below `threshold` (0..255).
 * @param {ImageBitmap} image
 * @param {number} width
 * @param {number} height
 * @param {number} threshold
 */
function readImage(image, width, height, threshold) {
  const k = Math.max(1, Math.min(8, Math.floor(2048 / Math.max(width, height))));
  const canvas = document.createElement("canvas");
  canvas.width = width * k;
  canvas.height = height * k;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      let sum = 0;
      for (let y = r * k; y < (r + 1) * k; y++) {
        for (let x = c * k; x < (c + 1) * k; x++) {
          const p = (y * canvas.width + x) * 4;
          const alpha = data[p + 3] / 255;
          sum += (0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2]) * alpha + 255 * (1 - alpha);
        }
      }
      cells[r * width + c] = sum / (k * k) < threshold ? 1 : 0;
    }
  }
  return cells;
}

/** The picture as the package takes it: rows of 0 and 1. */
const rowsOf = () =>
  Array.from({ length: picture.height }, (_, r) =>
    Array.from(picture.cells.subarray(r * picture.width, (r + 1) * picture.width), (v) => /** @type {0 | 1} */ (v)),
  );

/**
 * Set up the Make from a picture dialog.
 * @param {{ open: (entry: Entry) => void }} page `open` shows a puzzle of the list
 */
export function setupPicture(page) {
  const dialog = /** @type {HTMLDialogElement} */ ($("picture"));
  const canvas = /** @type {HTMLCanvasElement} */ ($("picture-grid"));
  const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
  const [widthInput, heightInput, thresholdInput, fileInput] = [
    "picture-width",
    "picture-height",
    "picture-threshold",
    "picture-file",
  ].map(input);
  const formatSelect = /** @type {HTMLSelectElement} */ ($("picture-format"));
  formatSelect.replaceChildren(...FORMATS.map((name) => new Option(name, name)));
  /** The size of a cell on screen (CSS pixels), set by `draw`. */
  let cellSize = 20;

  const showError = (/** @type {string} */ text) => {
    $("picture-error").textContent = text;
    $("picture-error").hidden = !text;
  };

  function draw() {
    const stage = /** @type {HTMLElement} */ (canvas.parentElement);
    const room = Math.min(stage.clientWidth - 16, 560, window.innerHeight * 0.5);
    cellSize = Math.max(5, Math.min(40, Math.floor(room / Math.max(picture.width, picture.height))));
    const ctx = prepareCanvas(canvas, picture.width * cellSize, picture.height * cellSize);
    ctx.fillStyle = COLORS.cell;
    ctx.fillRect(0, 0, picture.width * cellSize, picture.height * cellSize);
    ctx.fillStyle = COLORS.filled;
    picture.cells.forEach((v, i) => {
      if (v) ctx.fillRect((i % picture.width) * cellSize, Math.floor(i / picture.width) * cellSize, cellSize, cellSize);
    });
    const line = (
      /** @type {number} */ x0,
      /** @type {number} */ y0,
      /** @type {number} */ x1,
      /** @type {number} */ y1,
      /** @type {boolean} */ bold,
    ) => {
      ctx.strokeStyle = bold ? COLORS.gridBold : COLORS.grid;
      ctx.lineWidth = bold ? 1.5 : 1;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
    };
    for (let c = 0; c <= picture.width; c++) {
      const x = Math.min(c * cellSize + 0.5, picture.width * cellSize - 0.5);
      line(x, 0, x, picture.height * cellSize, c % 5 === 0 || c === picture.width);
    }
    for (let r = 0; r <= picture.height; r++) {
      const y = Math.min(r * cellSize + 0.5, picture.height * cellSize - 0.5);
      line(0, y, picture.width * cellSize, y, r % 5 === 0 || r === picture.height);
    }
    // The ambiguous cells: a red outline, inset so that neighbours' outlines stay apart.
    const edge = Math.max(2, cellSize / 8);
    ctx.strokeStyle = COLORS.wrong;
    ctx.lineWidth = edge;
    for (const [r, c] of picture.checked?.ambiguous ?? []) {
      ctx.strokeRect(c * cellSize + edge, r * cellSize + edge, cellSize - 2 * edge, cellSize - 2 * edge);
    }
  }

  function showVerdict() {
    const status = $("picture-status");
    const { checked, error } = picture;
    /** @type {[string, string]} */
    const [text, tone] = error
      ? [`Cannot check: ${error}`, "multiple"]
      : !checked
        ? ["Checking…", "busy"]
        : checked.status === "unique"
          ? [`Unique: the clues have one solution${checked.rating ? `, rated ${checked.rating.label}` : ""}.`, "unique"]
          : checked.status === "multiple"
            ? [
                `Not unique: ${checked.ambiguous.length} cell${checked.ambiguous.length === 1 ? " is" : "s are"} ambiguous (outlined); change some of them.`,
                "multiple",
              ]
            : ["Undecided: the check ran out of time.", "multiple"];
    status.textContent = text;
    status.className = `picture-status ${tone}`;
    /** @type {HTMLButtonElement} */ ($("picture-play")).disabled = !checked;
    /** @type {HTMLButtonElement} */ ($("picture-export")).disabled = !checked;
  }

  /** A check is running; `again`: the picture changed since it was sent. */
  let checking = false;
  let again = false;
  async function check() {
    picture.checked = null;
    picture.error = "";
    showVerdict();
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    do {
      again = false;
      try {
        const result = await solving.fromPicture(rowsOf());
        if (!again) picture.checked = result;
      } catch (e) {
        if (!again) picture.error = e.message;
      }
    } while (again);
    checking = false;
    draw();
    showVerdict();
  }

  /** The picture changed (cells, size, or image): draw it, check it. */
  function changed() {
    $("picture-text").hidden = true;
    draw();
    void check();
  }

  /** The size typed in an input, within the limits. */
  const sideOf = (/** @type {HTMLInputElement} */ field) => {
    const n = Math.round(Number(field.value));
    const side = Number.isFinite(n) ? Math.max(MIN_SIDE, Math.min(MAX_SIDE, n)) : picture.width;
    field.value = String(side);
    return side;
  };

  /** A new size: the image read again at it, or (a drawing) the cells kept from the top left. */
  function resize(/** @type {number} */ width, /** @type {number} */ height) {
    if (picture.image) {
      picture.cells = readImage(picture.image, width, height, Number(thresholdInput.value));
    } else {
      const cells = new Uint8Array(width * height);
      for (let r = 0; r < Math.min(height, picture.height); r++) {
        for (let c = 0; c < Math.min(width, picture.width); c++)
          cells[r * width + c] = picture.cells[r * picture.width + c];
      }
      picture.cells = cells;
    }
    Object.assign(picture, { width, height });
    changed();
  }

  $("picture-open").addEventListener("click", () => {
    showError("");
    dialog.showModal();
    changed();
  });
  $("picture-close").addEventListener("click", () => dialog.close());
  $("picture-blank").addEventListener("click", () => {
    picture.image = null;
    fileInput.value = "";
    picture.cells = new Uint8Array(picture.width * picture.height);
    changed();
  });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    try {
      picture.image = await createImageBitmap(file);
    } catch {
      return showError(`${file.name} is not an image this browser can read.`);
    }
    showError("");
    // The height follows the image's shape at the width asked for.
    const width = sideOf(widthInput);
    const height = Math.max(
      MIN_SIDE,
      Math.min(MAX_SIDE, Math.round((width * picture.image.height) / picture.image.width)),
    );
    heightInput.value = String(height);
    resize(width, height);
  });
  for (const field of [widthInput, heightInput]) {
    field.addEventListener("change", () => resize(sideOf(widthInput), sideOf(heightInput)));
  }
  thresholdInput.addEventListener("input", () => {
    if (picture.image) resize(picture.width, picture.height);
  });

  // Drawing: a press toggles its cell, a drag paints the cells it crosses the same way.
  let paint = -1;
  const cellAt = (/** @type {PointerEvent} */ e) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor((e.clientX - rect.left) / cellSize);
    const r = Math.floor((e.clientY - rect.top) / cellSize);
    return r >= 0 && r < picture.height && c >= 0 && c < picture.width ? r * picture.width + c : -1;
  };
  canvas.addEventListener("pointerdown", (e) => {
    const i = cellAt(e);
    if (i < 0) return;
    canvas.setPointerCapture(e.pointerId);
    paint = 1 - picture.cells[i];
    picture.cells[i] = paint;
    draw();
  });
  canvas.addEventListener("pointermove", (e) => {
    const i = paint < 0 ? -1 : cellAt(e);
    if (i < 0 || picture.cells[i] === paint) return;
    picture.cells[i] = paint;
    draw();
  });
  const release = () => {
    if (paint < 0) return;
    paint = -1;
    changed();
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  $("picture-play").addEventListener("click", () => {
    const { checked } = picture;
    if (!checked) return;
    const entry = customEntry(checked.puzzle, `Picture ${picture.width}×${picture.height}`);
    if (checked.rating) keepRating(entry.id, checked.rating);
    dialog.close();
    page.open(entry);
  });
  $("picture-export").addEventListener("click", () => {
    const { checked } = picture;
    if (!checked) return;
    const text = /** @type {HTMLTextAreaElement} */ ($("picture-text"));
    try {
      text.value = formatPuzzle(checked.puzzle, /** @type {any} */ (formatSelect.value));
      showError("");
    } catch (e) {
      return showError(`Not written as ${formatSelect.value}: ${e.message}`);
    }
    text.hidden = false;
    text.select();
    navigator.clipboard?.writeText(text.value).catch(() => {}); // selected for copying by hand otherwise
  });
}
