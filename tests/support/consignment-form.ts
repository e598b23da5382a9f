import type { Page } from 'playwright-core';

/** Fills the consignment order form (console in English) with a valid order of one line; the caller saves it. */
export const fillConsignmentForm = async (page: Page) => {
  await page.getByTestId('customerCode').fill('C001');
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
  await page.getByTestId('line-0-materialCode').fill('M001');
  await page.getByTestId('line-0-name').fill('Rice 10kg');
  await page.getByTestId('line-0-qty').fill('10');
  await page.getByTestId('line-0-weg').fill('100');
};
