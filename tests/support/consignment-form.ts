import type { Page } from 'playwright-core';
import { pickerSettled } from './browser';

/**
 * Picks a choice from a search-as-you-type reference picker (RefSelect): types, waits until the
 * list has answered the search (the list shown before it is replaced), takes the option by a
 * click event (a list still being placed can move under a pointer's aim), and waits until the
 * picker shows a value.
 */
export const pickRef = async (page: Page, testId: string, typed: string, option = typed) => {
  const picker = page.getByTestId(testId).first();
  await picker.click();
  // the search typed at once (a paste, not a keystroke each: one search, one render of the list)
  await page.keyboard.insertText(typed);
  await pickerSettled(page, testId);
  const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
  await choice.waitFor();
  await choice.dispatchEvent('click');
  await picker.locator('.ant-select-content-has-value').first().waitFor();
};

/**
 * Fills the consignment order form (console in English) with a valid order of one line; the caller saves it.
 * Customer and material come from the demo master data through their pickers (the host seeds samples).
 */
export const fillConsignmentForm = async (page: Page) => {
  await pickRef(page, 'customerCode', 'C001');
  for (const [party, values] of Object.entries({
    consignor: ['Acme Foods', 'Li Lei', '13800138000', 'No. 1 Harbor Road, Shanghai'],
    consignee: ['Fresh Mart Pudong', 'Han Mei', '13900139000', 'No. 9 Market Street, Shanghai'],
  })) {
    const [name, linkman, mobile, address] = values;
    await page.getByTestId(`${party}-name`).fill(name!);
    await page.getByTestId(`${party}-linkman`).fill(linkman!);
    await page.getByTestId(`${party}-mobile`).fill(mobile!);
    await page.getByTestId(`${party}-address`).fill(address!);
  }
  await page.getByTestId('deliveryMode').click();
  await page.locator('.ant-select-item-option', { hasText: 'Home delivery' }).click();
  await pickRef(page, 'line-0-materialCode', 'M0007');
  await page.getByTestId('line-0-qty').fill('10');
  await page.getByTestId('line-0-weg').fill('100');
};
