import type { Locator, Page } from 'playwright-core';

/** Locators and steps of the design wizard for the Chromium suite (tests/e2e/wizard.test.ts). */

export const cardOf = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name} v`) });
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });
export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const partCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
export const preview = (page: Page) => page.getByRole('region', { name: 'Real-time Preview' });
export const editor = (page: Page) => page.getByRole('dialog', { name: /^Edit / });

/** The preview's tab, its text. */
export const previewOf = async (page: Page, tab: string) => {
  await preview(page).getByRole('tab', { name: tab, exact: true }).click();
  return preview(page).getByRole('tabpanel').textContent();
};

/** Replaces the text of the dialog's code editor (insertText: no auto-closed brackets). */
export const replaceCode = async (page: Page, text: string) => {
  const code = editor(page).getByRole('textbox', { name: /spec \(JSON\)/ });
  await code.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
};

export const choose = async (page: Page, parts: { behaviour: string; problem: string; persona: string }) => {
  await cardOf(page, parts.behaviour).click();
  await cardOf(page, parts.problem).click();
  await cardOf(page, parts.persona).click();
};

/** Presses Tab until `target` has focus (at most 40 times). */
export async function tabUntil(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}
