import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { choose, SCREENSHOTS, toasts } from './browser';

/**
 * Driving the console's own widgets, as a person does: pickers chosen from what they offer,
 * dialogs confirmed, a document's state read off its view. Nothing here calls the API: the
 * journeys and the generated suite reach every step through the screens.
 */

/** An open picker's choices (the newest dropdown on screen). */
export const optionsOf = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/**
 * Clicks a choice of the open picker. A dropdown opened while its form was still settling (a
 * made-from copy arriving, a chosen owner filling the fields it knows) may close under the click:
 * the picker is opened again, once, and the choice clicked then.
 */
export const clickChoice = async (picker: Locator, choice: Locator) => {
  try {
    await choice.click({ timeout: 5_000 });
  } catch {
    await picker.click();
    await choice.click({ timeout: 15_000 });
  }
};

/**
 * A single picker's list closes once a choice is taken; a multiple one stays open and is closed
 * with Escape. Escape is never pressed on a single one: with its list already closed, the key
 * reaches the dialog around it and closes the dialog.
 */
const closeMultiple = async (page: Page, picker: Locator) => {
  const multiple = await picker
    .evaluate((el) => (el.classList.contains('ant-select') ? el : el.querySelector('.ant-select'))?.classList.contains('ant-select-multiple') ?? false)
    .catch(() => false);
  if (multiple) await page.keyboard.press('Escape').catch(() => undefined);
};

/** Opens a picker, types (when given) and chooses the first choice holding `option` (or the first one offered). */
export const pick = async (page: Page, testId: string, typed = '', option?: string | RegExp) => {
  const picker = page.getByTestId(testId).first();
  await picker.click();
  // the search typed at once (a paste, not a keystroke each: one search, one render of the list)
  if (typed) await page.keyboard.insertText(typed);
  const choice = option ? optionsOf(page).filter({ hasText: option }).first() : optionsOf(page).first();
  try {
    await choice.waitFor({ timeout: 15_000 });
    // a typed search answers after its debounce: the choice is taken once the list has settled on it
    if (typed) {
      const wanted = option ?? typed;
      await page.waitForFunction(
        (w) => {
          const shown = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown')).filter((d) => d.offsetParent !== null || getComputedStyle(d).position === 'fixed' ? d.getBoundingClientRect().height > 0 : false);
          const first = shown.at(-1)?.querySelector('.ant-select-item-option');
          return Boolean(first?.textContent?.includes(w));
        },
        typeof wanted === 'string' ? wanted : typed,
        { timeout: 15_000 },
      );
    }
  } catch {
    await page.screenshot({ path: path.join(SCREENSHOTS, `pick-failed-${testId}.png`) });
    throw new Error(`${testId} offers no ${option ?? 'choice'}: it offers ${JSON.stringify(await optionsOf(page).allTextContents())}`);
  }
  const label = (await choice.textContent())?.trim() ?? '';
  await clickChoice(picker, choice);
  await closeMultiple(page, picker);
  // a click that landed as the list re-rendered under it (a loaded machine) took nothing: chosen again, once
  if (!(await chosen(picker))) {
    await picker.click();
    if (typed) await page.keyboard.insertText(typed);
    await clickChoice(picker, optionsOf(page).filter({ hasText: label }).first());
    await closeMultiple(page, picker);
    if (!(await chosen(picker))) throw new Error(`${testId}: ${label} was clicked but not taken`);
  }
};

/** Whether a single picker shows a choice (a multiple one, or another widget, counts as chosen). */
const chosen = (picker: Locator) =>
  picker.evaluate((el) => {
    const select = el.classList.contains('ant-select') ? el : el.querySelector('.ant-select');
    if (!select || select.classList.contains('ant-select-multiple')) return true;
    return Boolean(select.querySelector('.ant-select-content-has-value, .ant-select-selection-item'));
  });

/** Confirms the open dialog (an action's, or a confirmation's) and waits for it to close. */
export const confirm = async (page: Page) => {
  await choose(page, 'modal-ok');
  await page.locator('.ant-modal-wrap:visible').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(async () => {
    const said = [
      ...(await page.locator('.ant-modal-wrap:visible [data-testid="modal-error"]').allTextContents()),
      // a field the dialog's form refused (its message under the field)
      ...(await page.locator('.ant-modal-wrap:visible .ant-form-item-explain-error').allTextContents()),
      ...(await toasts(page)),
    ];
    throw new Error(`the dialog stayed open: ${said.join(' | ') || 'nothing said'}`);
  });
};

/** The document's state as its view shows it, waited for until it is `wanted` (the console refetches after an action). */
export const stateIs = async (page: Page, wanted: string) => {
  const tag = page.locator(`[data-testid="view-state"][data-state="${wanted}"]`);
  try {
    await tag.waitFor({ timeout: 20_000 });
  } catch {
    const now = await page.getByTestId('view-state').getAttribute('data-state').catch(() => 'none');
    throw new Error(`the document is ${now}, not ${wanted} (console: ${(await toasts(page)).join(' | ') || 'nothing shown'})`);
  }
};

/** The bill number the view shows. */
export const billNoOf = async (page: Page) => (await page.getByTestId('view-billNo').textContent())!.trim();

/** Saves the open form and waits for the document's view. */
export const save = async (page: Page) => {
  await page.getByTestId('save-button').click();
  try {
    await page.getByTestId('view-billNo').waitFor({ timeout: 20_000 });
  } catch {
    throw new Error(`the form was not saved: ${(await page.getByTestId('form-error').allTextContents()).join(' | ') || (await toasts(page)).join(' | ')}`);
  }
};

/** Presses a document's action (by its machine event) on its view; its dialog, if any, is left open for the caller. */
export const press = async (page: Page, event: string) => {
  const button = page.getByTestId(`action-${event.toLowerCase()}`);
  await button.waitFor({ timeout: 20_000 });
  await button.click();
};

/**
 * A bill confirmed on its own confirmation screen (spec 01: a loading bill's arrival, an arrival
 * bill's review), the screen of `action` being shown: its button pressed, and the screen it goes
 * on to waited for (its address changes), or what it said when it refused.
 */
export const confirmOnScreen = async (page: Page, action: string) => {
  const screen = page.locator(`[data-testid="confirmation-page"][data-action="${action}"]`);
  const before = new URL(page.url()).pathname;
  await screen.getByTestId('confirmation-submit').click();
  await page.waitForURL((u) => u.pathname !== before, { timeout: 20_000 }).catch(async () => {
    const said = [...(await screen.getByTestId('confirmation-error').allTextContents()), ...(await screen.locator('.ant-form-item-explain-error').allTextContents()), ...(await toasts(page))];
    throw new Error(`${action} was not confirmed: ${said.join(' | ') || 'nothing shown'}`);
  });
};

/** Presses an action and confirms whatever it asks (a confirmation, or a dialog left to its defaults). */
export const act = async (page: Page, event: string, wanted: string) => {
  await press(page, event);
  await confirm(page);
  await stateIs(page, wanted);
};

/** Opens a menu entry by following the menu to the route (the single-page app's own navigation). */
export const open = async (page: Page, url: string, route: string) => {
  await page.goto(`${url}${route}`);
};

/** A line's quantity input of the form's lines table. */
export const lineInput = (page: Page, index: number, field: string) => page.getByTestId(`line-${index}-${field}`);

/** A small PNG (a photo taken on the delivery): 2x2 red pixels. */
export const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mP8z8DwnwEKmBgYAAAhpAIB8RAMTQAAAABJRU5ErkJggg==', 'base64');

/** Draws a signature on the open dialog's pad and waits until it is stored. */
export const sign = async (page: Page) => {
  const pad = page.getByTestId('signature-pad').last();
  await pad.scrollIntoViewIfNeeded();
  // the dialog settles first (what it copies from the document before it arrives and moves the
  // pad down): the pen is put where the pad is once it stopped moving
  let box = (await pad.boundingBox())!;
  for (let i = 0; i < 40; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const now = (await pad.boundingBox())!;
    if (now.x === box.x && now.y === box.y && now.height === box.height) break;
    box = now;
  }
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 16; i++) await page.mouse.move(box.x + 20 + i * 14, box.y + box.height / 2 + (i % 2 ? -18 : 18));
  await page.mouse.up();
  await pad.and(page.locator('[data-empty="false"]')).waitFor({ timeout: 5_000 }).catch(() => {
    throw new Error(`the pen missed the signature pad (drawn at ${JSON.stringify(box)})`);
  });
  await page.locator('[data-testid$="-saved"], [data-testid="signature-saved"]').last().waitFor({ timeout: 20_000 });
};

/** Adds a photo through a rows-of-attachments field (testId md-add-<rows>). */
export const addPhoto = async (page: Page, rows: string) => {
  const before = await page.locator(`[data-testid^="md-field-${rows}-"][data-testid$="-preview"]`).count();
  await page.getByTestId(`md-add-${rows}`).locator('input[type=file]').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
  await page.locator(`[data-testid^="md-field-${rows}-"][data-testid$="-upload"]`).nth(before).waitFor({ timeout: 20_000 });
};

/** Finds a document in its list by its number (the list's filter, as a person searches) and opens its view. */
export const openByNumber = async (page: Page, url: string, listRoute: string, billNo: string) => {
  await page.goto(`${url}${listRoute}`);
  await page.getByTestId('filter-billNo').fill(billNo);
  await page.getByTestId('search-button').click();
  await page.getByTestId(`view-${billNo}`).click();
  await page.getByTestId('view-billNo').filter({ hasText: billNo }).waitFor();
};
