// Make from a picture: a nonogram author's editor. An image file (any the browser decodes:
// the canvas reads it, no image library) is read as cells: each cell is the average of its
// part of the image (transparent counts as white). In black and white a cell is filled when
// darker than the threshold; in 2 to 6 colours the cells' averages are quantised to that many
// colours plus the background (quantise.js: k-means, the lightest cluster the background). Or
// a blank grid to draw on. Clicking or dragging on the grid fills or clears cells, in colour
// with the colour chosen in the palette (keys 0 to 6 too; the colour well changes the chosen
// colour); after every change the package's `nonogramFromPicture` (in the page's worker,
// with the palette in colour) says whether the clues of the picture have one solution, and
// outlines the ambiguous cells (where two solutions differ) when they have more. The puzzle
// can then be played (it joins the list) or exported as text in any nonogram format the
// package writes (in colour: those with a colour form).
//
// One check runs at a time; changes made meanwhile are checked when it answers (the latest
// picture wins), so a drag never queues a check per cell.

import { $, button } from "./dom.js";
import { COLORS, prepareCanvas } from "./js/board/draw.js";
import { normalise } from "./js/board/genres/index.js";
import { loadFormats } from "./later.js";
import { FRESH_COLOURS, quantise } from "./quantise.js";
import { keepRating } from "./ratings.js";
import * as solving from "./solving.js";
import { customEntry } from "./store.js";
import { hexToRgb, inkOn } from "./js/board/swatch.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {import("../pkg/gridlogic_explain.js").FromPicture} FromPicture */

/** The sides a picture may have here (the package takes up to 200; cells must stay clickable). */
const MIN_SIDE = 2;
const MAX_SIDE = 50;
/** The nonogram formats offered for export (those the package writes). */
const FORMATS = ["canonical", "non", "webpbn-xml", "nin", "tatham", "nonogrid-toml", "picross-solver"];
/** The formats that write a colour nonogram (the package's others refuse one). */
const COLOUR_FORMATS = ["canonical", "non", "webpbn-xml", "nonogrid-toml", "g"];
/** The numbers of colours offered besides black and white. */
const MIN_COLOURS = 2;
const MAX_COLOURS = 6;

/**
 * The editor's picture: its size, its cells (0 background, 1 filled or colour 1, …), its
 * colours (0: black and white), the palette in colour, the colour a click paints (0 the
 * background), the image it was read from, the last check.
 */
const picture = {
  width: 15,
  height: 15,
  cells: new Uint8Array(15 * 15),
  colours: 0,
  /** @type {string[]} */
  palette: [],
  ink: 1,
  /** @type {ImageBitmap | null} */
  image: null,
  /** @type {FromPicture | null} the check of the cells as they are (null while one is due) */
  checked: null,
  /** @type {string} the check's error, if it failed */
  error: "",
};

/** The editor as tests see it (hook.js): the cells, colours, palette and paint, the verdict, its puzzle, the outlined cells. */
export function pictureState() {
  const canvas = $("picture-grid");
  const rect = canvas.getBoundingClientRect();
  const cell = rect.width / picture.width;
  return {
    width: picture.width,
    height: picture.height,
    cells: [...picture.cells],
    colours: picture.colours,
    palette: [...picture.palette],
    ink: picture.ink,
    puzzle: picture.checked?.puzzle ?? null,
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
 * The mean colour of each cell of `image` at `width` × `height` (read at up to 8×8 samples a
 * cell, transparent parts blended over white): 3 numbers (R, G, B) a cell.
 * @param {ImageBitmap} image
 * @param {number} width
 * @param {number} height
 */
function cellMeans(image, width, height) {
  const k = Math.max(1, Math.min(8, Math.floor(2048 / Math.max(width, height))));
  const canvas = document.createElement("canvas");
  canvas.width = width * k;
  canvas.height = height * k;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const means = new Float64Array(width * height * 3);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const mean = means.subarray((r * width + c) * 3, (r * width + c) * 3 + 3);
      for (let y = r * k; y < (r + 1) * k; y++) {
        for (let x = c * k; x < (c + 1) * k; x++) {
          const p = (y * canvas.width + x) * 4;
          const alpha = data[p + 3] / 255;
          for (let d = 0; d < 3; d++) mean[d] += data[p + d] * alpha + 255 * (1 - alpha);
        }
      }
      for (let d = 0; d < 3; d++) mean[d] /= k * k;
    }
  }
  return means;
}

/**
 * The cells of `image` at `width` × `height` in `colours` (0: black and white, each cell
 * filled when its mean luminance is below `threshold`, 0..255) and the palette in colour.
 * @param {ImageBitmap} image
 * @param {number} width
 * @param {number} height
 * @param {number} colours
 * @param {number} threshold
 * @returns {{ cells: Uint8Array<ArrayBuffer>, palette: string[] }}
 */
function readImage(image, width, height, colours, threshold) {
  const means = cellMeans(image, width, height);
  if (colours > 0) return quantise(means, colours);
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) {
    cells[i] = 0.299 * means[3 * i] + 0.587 * means[3 * i + 1] + 0.114 * means[3 * i + 2] < threshold ? 1 : 0;
  }
  return { cells, palette: [] };
}

/** The picture as the package takes it: rows of 0 and 1, or of colour indices. */
const rowsOf = () =>
  Array.from({ length: picture.height }, (_, r) => [
    ...picture.cells.subarray(r * picture.width, (r + 1) * picture.width),
  ]);

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
  const colourSelect = /** @type {HTMLSelectElement} */ ($("picture-colours"));
  colourSelect.replaceChildren(
    new Option("Black and white", "0"),
    ...Array.from({ length: MAX_COLOURS - MIN_COLOURS + 1 }, (_, i) => {
      const n = MIN_COLOURS + i;
      return new Option(`${n} colours`, String(n));
    }),
  );
  const bar = $("picture-palette");
  /** The export formats of the picture's kind, the choice kept when it is among them. */
  const showFormats = () => {
    const names = picture.colours ? COLOUR_FORMATS : FORMATS;
    const chosen = formatSelect.value;
    formatSelect.replaceChildren(...names.map((name) => new Option(name, name)));
    if (names.includes(chosen)) formatSelect.value = chosen;
  };
  showFormats();
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
    picture.cells.forEach((v, i) => {
      if (!v) return;
      ctx.fillStyle = picture.colours ? picture.palette[v - 1] : COLORS.filled;
      ctx.fillRect((i % picture.width) * cellSize, Math.floor(i / picture.width) * cellSize, cellSize, cellSize);
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
    // The ambiguous cells: a red outline, inset so that neighbours' outlines stay apart (in
    // colour on a wider band of the paper, so that it stands out on a red cell too).
    const edge = Math.max(2, cellSize / 8);
    const outline = (/** @type {string} */ style, /** @type {number} */ width) => {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      for (const [r, c] of picture.checked?.ambiguous ?? []) {
        ctx.strokeRect(c * cellSize + edge, r * cellSize + edge, cellSize - 2 * edge, cellSize - 2 * edge);
      }
    };
    if (picture.colours) outline(COLORS.cell, edge * 2.2);
    outline(COLORS.wrong, edge);
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
        const result = await solving.fromPicture(rowsOf(), picture.colours ? picture.palette : undefined);
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
      const read = readImage(picture.image, width, height, picture.colours, Number(thresholdInput.value));
      picture.cells = read.cells;
      picture.palette = read.palette;
      showPalette();
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

  /**
   * The palette in colour (hidden in black and white): the background (0) and a swatch per
   * colour, numbered for the keys, the chosen one pressed; a colour well for the chosen colour.
   */
  function showPalette() {
    bar.hidden = !picture.colours;
    thresholdInput.closest("label")?.toggleAttribute("hidden", picture.colours > 0);
    $("picture-hint").textContent = picture.colours
      ? `Click or drag on the grid to paint the chosen colour (keys 0–${picture.colours}; on a cell of that colour, the background); a new size or number of colours reads the image again.`
      : "Click or drag on the grid to fill or clear cells; a new size or threshold reads the image again.";
    if (!picture.colours) return bar.replaceChildren();
    const swatch = (/** @type {number} */ v) => {
      const css = v ? picture.palette[v - 1] : COLORS.cell;
      const b = button(String(v), () => choose(v), {
        id: `picture-paint-${v}`,
        className: "toggle swatch",
        title: v ? `Paint colour ${v} (${css}), key ${v}` : "Paint the background (clear), key 0",
      });
      b.style.background = css;
      b.style.color = inkOn(hexToRgb(css) ?? [255, 255, 255]);
      b.setAttribute("aria-pressed", String(picture.ink === v));
      b.setAttribute("aria-label", v ? `Colour ${v}` : "Background");
      return b;
    };
    const well = document.createElement("input");
    well.type = "color";
    well.id = "picture-well";
    well.title = "Change the chosen colour";
    well.disabled = picture.ink === 0;
    if (picture.ink) well.value = picture.palette[picture.ink - 1];
    well.addEventListener("change", () => {
      if (!picture.ink) return;
      picture.palette[picture.ink - 1] = well.value;
      showPalette();
      changed();
    });
    const change = document.createElement("label");
    change.className = "hint";
    change.append("Change colour ", well);
    bar.replaceChildren(...Array.from({ length: picture.colours + 1 }, (_, v) => swatch(v)), change);
  }
  /** Paint with colour `v` (0 the background). */
  const choose = (/** @type {number} */ v) => {
    picture.ink = v;
    showPalette();
  };

  /**
   * Black and white (0) or `colours` colours: an image is read again, a drawing keeps its
   * cells (those of colours beyond the new number take the last colour) and its colours.
   */
  function setColours(/** @type {number} */ colours) {
    const before = picture.palette;
    picture.colours = colours;
    picture.palette = colours ? [...before, ...FRESH_COLOURS.filter((c) => !before.includes(c))].slice(0, colours) : [];
    picture.ink = colours ? Math.min(Math.max(picture.ink, 1), colours) : 1;
    if (!picture.image) picture.cells = picture.cells.map((v) => Math.min(v, Math.max(colours, 1)));
    showFormats();
    showPalette();
    resize(picture.width, picture.height);
  }
  colourSelect.addEventListener("change", () => setColours(Number(colourSelect.value)));
  // Keys 0..colours choose the paint while the dialog is open (before the board's keys see them).
  window.addEventListener(
    "keydown",
    (e) => {
      const target = /** @type {HTMLElement} */ (e.target);
      if (!dialog.open || !picture.colours || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (!/^[0-9]$/.test(e.key) || Number(e.key) > picture.colours) return;
      e.preventDefault();
      e.stopPropagation();
      choose(Number(e.key));
    },
    { capture: true },
  );

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
    paint = picture.cells[i] === picture.ink ? 0 : picture.ink;
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
    const name = `Picture ${picture.width}×${picture.height}${picture.colours ? ` in ${picture.colours} colours` : ""}`;
    const entry = customEntry(normalise(checked.puzzle), name);
    if (checked.rating) keepRating(entry.id, checked.rating);
    dialog.close();
    page.open(entry);
  });
  $("picture-export").addEventListener("click", async () => {
    const { checked } = picture;
    if (!checked) return;
    const text = /** @type {HTMLTextAreaElement} */ ($("picture-text"));
    try {
      const { formatPuzzle } = await loadFormats(); // loaded now if the page has not yet
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
