/**
 * The fault matrix (e2e/fault-kit.ts), the product page's endpoints (storefront.md §4 "Variation
 * selection", "Waitlist form", §7 "Variations", "Waitlist and wishlist", §8): get_variation on the
 * Training Jersey (its variations are not embedded), Shoptimizer's sale percents on the Junior
 * Football Boots (asked when the page loads), CommerceKit's waitlist on the out-of-stock
 * Goalkeeper Gloves. A failed call leaves the shopper's choices in place and a way on: the form
 * posts as without JavaScript, the server's badge stays, the waitlist form can be sent again.
 */
import type { Page } from '@playwright/test';
import {
  HOSTILE_HTML,
  HOSTILE_LINKS,
  PWN,
  WIDGET_TIMEOUT,
  adminAjax,
  changeJson,
  MATRIX_TEST_TIMEOUT,
  matrixTests,
  type Endpoint,
  wcAjax,
  type Run,
} from './fault-kit';
import { expect, gotoMounted, scrollToCenter, test } from './fixtures';

const JERSEY = '/product/training-jersey/';
const BOOTS = '/product/junior-football-boots/';
const GLOVES = '/product/goalkeeper-gloves/';

/** The variation form's own message for a get_variation fault (not in the spec; widgets/variation-form/text.ts). */
const VARIATION_FAULT = 'Sorry, the options could not be checked. Please try again.';
const WAITLIST_FAILED = 'Sorry, your request could not be sent. Please try again.';
const WAITLIST_JOINED = 'You have been added to the waiting list for this product!';
const EMAIL = 'shopper@example.com';

const form = (page: Page) => page.locator('form.variations_form');
const select = (page: Page, name: string) => page.getByRole('combobox', { name });
const addButton = (page: Page) => form(page).getByRole('button', { name: 'Add to cart' });
const sku = (page: Page) => page.locator('.product_meta .sku');
const panel = (page: Page) => form(page).locator('.single_variation');
const badge = (page: Page) => page.locator('[data-island="sale-badge"] .onsale');
const waitlist = (page: Page) => page.locator('.commercekit-waitlist').first();
const email = (page: Page) => waitlist(page).getByRole('textbox', { name: 'Email address' });
const consent = (page: Page) =>
  waitlist(page).getByRole('checkbox', { name: 'I consent to being contacted by the store owner' });
const join = (page: Page) => waitlist(page).getByRole('button', { name: 'Join waiting list' });

/** A variation as get_variation answers it (the fields changed here). */
interface VariationAnswer {
  sku: string;
  price_html: string;
  availability_html: string;
  variation_description: string;
  weight_html: string;
  dimensions_html: string;
  image: Record<string, unknown>;
}

async function chooseJersey(page: Page) {
  await select(page, 'Size').selectOption('m');
  await select(page, 'Colour').selectOption('Red');
  await select(page, 'Sleeve length').selectOption('Short sleeve');
}

/** The Training Jersey, M / Red / Short sleeve, shown from the (hostile) answer. */
async function jerseyShown({ page }: Run) {
  await expect(panel(page)).toContainText('€28.00');
  await expect(sku(page)).toContainText('JERSEY-M-RED-S');
  await expect(addButton(page)).not.toHaveClass(/disabled/);
}

async function chooseBlueUk2(page: Page) {
  await select(page, 'Size').selectOption({ label: 'UK 2' });
  await select(page, 'Colour').selectOption('Blue');
  await expect(panel(page)).toContainText('29.99');
}

const ENDPOINTS: Endpoint[] = [
  {
    title: 'wc-ajax get_variation (Training Jersey: M / Red / Short sleeve chosen)',
    transport: 'wc-ajax',
    matches: wcAjax('get_variation'),
    timeout: WIDGET_TIMEOUT,
    open: async (page) => {
      await gotoMounted(page, JERSEY);
      await expect(addButton(page)).toHaveClass(/wc-variation-selection-needed/);
    },
    act: chooseJersey,
    failure: {
      title: 'the choices stay, the form says so, and add to cart checks again',
      check: async ({ page }) => {
        await expect(form(page).getByRole('alert').filter({ hasText: VARIATION_FAULT })).toBeVisible();
        await expect(select(page, 'Size')).toHaveValue('m');
        await expect(select(page, 'Colour')).toHaveValue('Red');
        await expect(select(page, 'Sleeve length')).toHaveValue('Short sleeve');
        await expect(form(page)).not.toHaveAttribute('aria-busy', 'true');
        await expect(addButton(page)).not.toHaveClass(/disabled/);
      },
    },
    // Nothing lost: with the server back, add to cart checks again (WooCommerce refuses the form
    // posted without the variation_id that only the check finds), then adds.
    recover: async (run) => {
      await run.heal();
      await scrollToCenter(addButton(run.page));
      await addButton(run.page).click();
      await expect(form(run.page).getByRole('alert').filter({ hasText: VARIATION_FAULT })).toHaveCount(0);
      await expect(run.page.locator('input.variation_id')).not.toHaveValue(/^0?$/);
      expect(run.navigations.filter((n) => n.method === 'POST')).toEqual([]);
    },
    cases: [
      {
        title:
          'hostile strings in the variation (price, availability, description, SKU, weight, dimensions): shown, nothing runs',
        answer: changeJson<VariationAnswer>((variation) => ({
          ...variation,
          sku: variation.sku + HOSTILE_HTML,
          price_html: variation.price_html + HOSTILE_HTML,
          availability_html: `<p class="stock in-stock">In stock${HOSTILE_HTML}</p>`,
          variation_description: `<p>Breathable${HOSTILE_HTML}</p>`,
          weight_html: `0.2 kg${HOSTILE_HTML}`,
          dimensions_html: `70 &times; 50 &times; 1 cm${HOSTILE_HTML}`,
        })),
        check: jerseyShown,
      },
      {
        title: 'hostile URLs in the variation (image URLs, description links): shown, nothing can run',
        answer: changeJson<VariationAnswer>((variation) => ({
          ...variation,
          variation_description: `<p>Breathable ${HOSTILE_LINKS}</p>`,
          image: {
            ...variation.image,
            url: `javascript:${PWN}`,
            src: `javascript:${PWN}`,
            full_src: `javascript:${PWN}`,
            srcset: `javascript:${PWN} 600w`,
            gallery_thumbnail_src: `data:text/html,<script>${PWN}</script>`,
          },
        })),
        check: jerseyShown,
      },
    ],
  },
  {
    title: 'admin-ajax shoptimizer_get_sale_prices (Junior Football Boots, on load)',
    transport: 'admin-ajax',
    matches: adminAjax('shoptimizer_get_sale_prices'),
    timeout: WIDGET_TIMEOUT,
    open: (page) => gotoMounted(page, BOOTS),
    failure: {
      title: 'the server’s badge stays, for every variation, and the shopper sees no error',
      check: async ({ page, consoleErrors }) => {
        await expect
          .poll(() => consoleErrors.fromIslands().some((text) => text.includes('sale-badge')))
          .toBe(true);
        await chooseBlueUk2(page);
        await expect(badge(page)).toHaveText('Sale!');
        await expect(badge(page)).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: /sale|percent/i })).toHaveCount(0);
      },
    },
    cases: [
      {
        title: 'hostile strings in the percent labels: the label shows as text, nothing runs',
        answer: (route) => route.fulfill({ json: { percents: { '22': `-25%${HOSTILE_HTML}` } } }),
        check: async ({ page }) => {
          await chooseBlueUk2(page);
          await expect(badge(page)).toContainText('-25%');
          await expect(badge(page).locator('img, script, a')).toHaveCount(0);
        },
      },
    ],
  },
  {
    title: 'admin-ajax commercekit_save_waitlist (Goalkeeper Gloves, the waitlist form sent)',
    transport: 'admin-ajax',
    matches: adminAjax('commercekit_save_waitlist'),
    timeout: WIDGET_TIMEOUT,
    open: (page) => gotoMounted(page, GLOVES),
    act: async (page) => {
      await scrollToCenter(waitlist(page));
      await email(page).fill(EMAIL);
      await consent(page).check();
      await join(page).click();
    },
    failure: {
      title: 'the form stays as filled in, says so (role=alert), and can be sent again',
      check: async ({ page }) => {
        await expect(waitlist(page).getByRole('alert')).toHaveText(WAITLIST_FAILED);
        await expect(email(page)).toHaveValue(EMAIL);
        await expect(consent(page)).toBeChecked();
        await expect(join(page)).toBeEnabled();
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await join(page).click();
      await expect(waitlist(page).getByRole('status')).toHaveText(WAITLIST_JOINED);
    },
    cases: [
      {
        title: 'hostile strings in the server’s message: shown in place of the form, nothing runs',
        answer: (route) =>
          route.fulfill({ json: { status: 1, message: `${WAITLIST_JOINED}${HOSTILE_HTML}` } }),
        check: async ({ page }) => {
          await expect(waitlist(page).getByRole('status')).toContainText(WAITLIST_JOINED);
        },
      },
      {
        title: 'hostile strings in a refusal (status 0): shown as the error, nothing runs',
        answer: (route) =>
          route.fulfill({
            json: { status: 0, message: `Error on submitting for waiting list.${HOSTILE_HTML}` },
          }),
        check: async ({ page }) => {
          await expect(waitlist(page).getByRole('alert')).toContainText(
            'Error on submitting for waiting list.',
          );
        },
      },
      {
        title: 'hostile URLs in the server’s message: shown, no link can run script',
        answer: (route) =>
          route.fulfill({ json: { status: 1, message: `${WAITLIST_JOINED} ${HOSTILE_LINKS}` } }),
        check: async ({ page }) => {
          await expect(waitlist(page).getByRole('status')).toContainText(WAITLIST_JOINED);
        },
      },
    ],
  },
];

for (const endpoint of ENDPOINTS) {
  test.describe(endpoint.title, () => {
    test.describe.configure({ timeout: MATRIX_TEST_TIMEOUT });
    for (const { title, body } of matrixTests(endpoint)) test(title, body);
  });
}
