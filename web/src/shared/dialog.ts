/** Spec 01 section 9: "Dialog drag minimum 400 by 300". */
export const DIALOG_MIN_WIDTH = 400;
export const DIALOG_MIN_HEIGHT = 300;

/**
 * The size a dialog takes while its corner is dragged: what the pointer asks, never under the
 * spec's minimum of 400 by 300, never beyond the window (`max`).
 */
export const resizedDialog = (start: { width: number; height: number }, dx: number, dy: number, max: { width: number; height: number }) => ({
  width: Math.round(Math.min(Math.max(DIALOG_MIN_WIDTH, start.width + dx), Math.max(DIALOG_MIN_WIDTH, max.width))),
  height: Math.round(Math.min(Math.max(DIALOG_MIN_HEIGHT, start.height + dy), Math.max(DIALOG_MIN_HEIGHT, max.height))),
});

