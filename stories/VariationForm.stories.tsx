import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { findProductBySlug, type VariableProduct } from '../demo/fixtures';
import { variationFormProps } from '../demo/product/variation-form';
import { VariationSchema } from '../src/contract/variation';
import { navigation } from '../src/navigation';
import { VariationFormPropsSchema, type VariationFormProps } from '../widgets/variation-form/schema';
import { TEXT, VariationForm } from '../widgets/variation-form/VariationForm';
import { answering, freshCartStayingOnPage, MountedIsland } from './support/cart';
import { malformed, never, serverError } from './support/commercekit';

/** The island's props as the demo store prints them on the product's page. */
const demoProps = (slug: string): VariationFormProps =>
  variationFormProps(findProductBySlug(slug) as VariableProduct, new URL(`/product/${slug}/`, location.href));

/** How long the slow server takes (ms): long enough to see the blocked form. */
const SLOW_MS = 1200;

/**
 * The single product page around the form: the product (`.product`), the SKU in the product meta,
 * weight and dimensions in the additional-information table, all server markup the form updates.
 */
function ProductPage({ props, sku = 'BOOT-JR' }: { props: VariationFormProps; sku?: string }) {
  return (
    <div className="product" style={{ maxWidth: '40rem' }}>
      <h1 className="product_title entry-title">{props.productName}</h1>
      <MountedIsland name="variation-form">
        <VariationForm {...VariationFormPropsSchema.parse(props)} />
      </MountedIsland>
      <div className="product_meta">
        <span className="sku_wrapper">
          SKU: <span className="sku">{sku}</span>
        </span>
      </div>
      <table className="woocommerce-product-attributes shop_attributes" aria-label="Product Details">
        <tbody>
          <tr className="woocommerce-product-attributes-item woocommerce-product-attributes-item--weight">
            <th className="woocommerce-product-attributes-item__label" scope="row">
              Weight
            </th>
            <td className="woocommerce-product-attributes-item__value">N/A</td>
          </tr>
          <tr className="woocommerce-product-attributes-item woocommerce-product-attributes-item--dimensions">
            <th className="woocommerce-product-attributes-item__label" scope="row">
              Dimensions
            </th>
            <td className="woocommerce-product-attributes-item__value">N/A</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

const select = (canvas: HTMLElement, name: string) => within(canvas).getByRole('combobox', { name });
const addButton = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: 'Add to cart' });
const sku = (canvas: HTMLElement) => canvas.querySelector('.product_meta .sku');
const panel = (canvas: HTMLElement) => canvas.querySelector('.single_variation')!;
const form = (canvas: HTMLElement) => canvas.querySelector('form.variations_form')!;
const optionTexts = (canvas: HTMLElement, name: string) =>
  within(select(canvas, name))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** The first check has run (100 ms after mount): add-to-cart waits for a selection. */
const checked = (canvas: HTMLElement) =>
  waitFor(() => expect(addButton(canvas)).toHaveClass('disabled', 'wc-variation-selection-needed'));

async function choose(canvas: HTMLElement, choices: [name: string, value: string][]) {
  await checked(canvas);
  for (const [name, value] of choices) await userEvent.selectOptions(select(canvas, name), value);
}

const JERSEY_RED_M_SHORT: [string, string][] = [
  ['Size', 'm'],
  ['Colour', 'Red'],
  ['Sleeve length', 'Short sleeve'],
];

/** get_variation failed: the message with Try again; the button posts the form natively. */
async function expectFault(canvas: HTMLElement) {
  const message = await within(canvas).findByText(TEXT.fault, {}, { timeout: 3000 });
  expect(message.closest('[role="alert"]')).not.toBeNull();
  expect(within(canvas).getByRole('button', { name: TEXT.retry })).toBeVisible();
  expect(addButton(canvas)).not.toHaveClass('disabled');
  expect(select(canvas, 'Size')).toHaveValue('m');
  expect(console.error).toHaveBeenCalledWith(
    expect.stringContaining('variation-form: the variation could not be fetched'),
    expect.anything(),
  );
}

const meta = {
  title: 'Widgets/Variation form',
  component: ProductPage,
  args: { props: demoProps('junior-football-boots') },
  // Stories never leave the page: where the browser would go is recorded instead.
  beforeEach: freshCartStayingOnPage,
} satisfies Meta<typeof ProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoSelection: Story = {
  name: 'No selection',
  play: async ({ canvasElement }) => {
    await checked(canvasElement);
    expect(optionTexts(canvasElement, 'Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3', 'UK 4']);
    // UK 4 exists only as an inactive variation: listed, disabled.
    expect(within(select(canvasElement, 'Size')).getByRole('option', { name: 'UK 4' })).toBeDisabled();
    expect(within(canvasElement).queryByRole('button', { name: 'Clear options' })).toBeNull();
    expect(panel(canvasElement)).not.toHaveClass('is-open');
    expect(addButton(canvasElement)).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Partial: Story = {
  name: 'Partial selection',
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [['Colour', 'Blue']]);
    expect(select(canvasElement, 'Colour').closest('tr')).toHaveClass('is-selected');
    expect(select(canvasElement, 'Size').closest('tr')).not.toHaveClass('is-selected');
    // No blue UK 4: left out.
    expect(optionTexts(canvasElement, 'Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3']);
    expect(within(canvasElement).getByRole('button', { name: 'Clear options' })).toBeVisible();
    expect(addButton(canvasElement)).toHaveClass('wc-variation-selection-needed');
    await userEvent.click(addButton(canvasElement));
    expect(within(canvasElement).getByText(TEXT.selectionNeeded)).toHaveAttribute('role', 'alert');
  },
};

export const Match: Story = {
  name: 'Match (on sale)',
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-2'],
      ['Colour', 'Blue'],
    ]);
    expect(sku(canvasElement)).toHaveTextContent('BOOT-JR-2-BLU');
    expect(canvasElement.querySelector('.woocommerce-product-attributes-item--weight td')).toHaveTextContent(
      '0.8 kg',
    );
    await waitFor(() => expect(panel(canvasElement)).toHaveClass('is-open'));
    expect(panel(canvasElement)).toHaveTextContent('Current price is: €29.99.');
    expect(addButton(canvasElement)).not.toHaveClass('disabled');
    expect(canvasElement.querySelector('input.variation_id')).toHaveValue('22');
  },
};

export const NoMatch: Story = {
  name: 'No match (server says false)',
  args: { props: demoProps('training-jersey') },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 's'],
      ['Colour', 'Green'],
      ['Sleeve length', 'Short sleeve'],
    ]);
    await waitFor(() =>
      expect(canvasElement.querySelector('.wc-no-matching-variations')).toHaveTextContent(TEXT.noMatch),
    );
    expect(addButton(canvasElement)).toHaveClass('wc-variation-selection-needed');
    expect(panel(canvasElement)).not.toHaveClass('is-open');
  },
};

export const Unavailable: Story = {
  name: 'Unavailable (out of stock)',
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-3'],
      ['Colour', 'Blue'],
    ]);
    await waitFor(() => expect(panel(canvasElement)).toHaveTextContent('Out of stock'));
    expect(addButton(canvasElement)).toHaveClass('disabled', 'wc-variation-is-unavailable');
    await userEvent.click(addButton(canvasElement));
    expect(within(canvasElement).getByText(TEXT.unavailable)).toHaveAttribute('role', 'alert');
    expect(navigation.submit).not.toHaveBeenCalled();
  },
};

export const SoldIndividually: Story = {
  name: 'Sold individually',
  args: { props: demoProps('captains-armband'), sku: 'ARMBAND' },
  play: async ({ canvasElement }) => {
    const quantity = within(canvasElement).getByRole('spinbutton', { hidden: true });
    expect(quantity).not.toBeVisible();
    await choose(canvasElement, [['Colour', 'Black']]);
    expect(sku(canvasElement)).toHaveTextContent('ARMBAND-BLK');
    expect(quantity).not.toBeVisible();
    expect(quantity).toHaveValue(1);
  },
};

export const ServerFetched: Story = {
  name: 'Server-fetched variations (31, above the threshold)',
  args: { props: demoProps('training-jersey'), sku: 'JERSEY' },
  play: async ({ canvasElement }) => {
    expect(form(canvasElement)).toHaveAttribute('data-product_variations', 'false');
    await choose(canvasElement, JERSEY_RED_M_SHORT);
    await waitFor(() => expect(sku(canvasElement)).toHaveTextContent('JERSEY-M-RED-S'));
    await waitFor(() => expect(panel(canvasElement)).toHaveTextContent('€28.00'));
  },
};

export const SlowServer: Story = {
  name: 'Slow server (form blocked)',
  args: { props: demoProps('training-jersey'), sku: 'JERSEY' },
  parameters: {
    msw: {
      handlers: answering('get_variation', async () => {
        await delay(SLOW_MS);
        return undefined; // then the demo store answers
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, JERSEY_RED_M_SHORT);
    expect(form(canvasElement)).toHaveAttribute('aria-busy', 'true');
    expect(canvasElement.querySelector('.blockOverlay')).not.toBeNull();
    await waitFor(() => expect(sku(canvasElement)).toHaveTextContent('JERSEY-M-RED-S'), {
      timeout: SLOW_MS + 3000,
    });
    expect(form(canvasElement)).not.toHaveAttribute('aria-busy');
  },
};

/** How many get_variation calls still fail (set by the story). */
let failuresLeft = 0;

export const ServerError: Story = {
  name: 'get_variation error (500), then Try again',
  args: { props: demoProps('training-jersey'), sku: 'JERSEY' },
  beforeEach: () => {
    failuresLeft = 1;
  },
  parameters: {
    msw: {
      handlers: answering('get_variation', () => {
        failuresLeft -= 1;
        return failuresLeft >= 0 ? serverError() : undefined;
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, JERSEY_RED_M_SHORT);
    await expectFault(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: TEXT.retry }));
    await waitFor(() => expect(sku(canvasElement)).toHaveTextContent('JERSEY-M-RED-S'));
    expect(within(canvasElement).queryByText(TEXT.fault)).toBeNull();
  },
};

export const Timeout: Story = {
  name: 'get_variation timeout',
  args: { props: { ...demoProps('training-jersey'), timeout: 300 }, sku: 'JERSEY' },
  parameters: { msw: { handlers: answering('get_variation', never) } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, JERSEY_RED_M_SHORT);
    await expectFault(canvasElement);
  },
};

export const Malformed: Story = {
  name: 'get_variation malformed JSON',
  args: { props: demoProps('training-jersey'), sku: 'JERSEY' },
  parameters: { msw: { handlers: answering('get_variation', malformed) } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, JERSEY_RED_M_SHORT);
    await expectFault(canvasElement);
  },
};

const LONG = [
  'UK 1 – narrow fit for slim feet, with a reinforced toe cap',
  'UK 2 – standard fit, extra-wide toe box and cushioned insole',
  'UK 3 – wide fit with a padded collar and replaceable studs',
  'UK 4 – extra-wide fit (discontinued, while stocks last)',
];

export const LongOptionNames: Story = {
  name: 'Long option names',
  args: {
    props: (() => {
      const props = demoProps('junior-football-boots');
      return {
        ...props,
        attributes: props.attributes.map((a) =>
          a.name === 'pa_size' ? { ...a, options: a.options.map((o, i) => ({ ...o, label: LONG[i]! })) } : a,
        ),
      };
    })(),
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-2'],
      ['Colour', 'Black'],
    ]);
    expect(within(select(canvasElement, 'Size')).getByRole('option', { name: LONG[1]! })).toBeDefined();
    expect(sku(canvasElement)).toHaveTextContent('BOOT-JR-2-BLK');
  },
};

/** 40 sizes × 25 colours, every combination a variation: 1,000 embedded, filtered per change. */
function manyOptionsProps(): VariationFormProps {
  const sizes = Array.from({ length: 40 }, (_, i) => `eu-${20 + i}`);
  const colours = Array.from({ length: 25 }, (_, i) => `colour-${i + 1}`);
  const variations = sizes.flatMap((size, s) =>
    colours.map((colour, c) =>
      VariationSchema.parse({
        variation_id: 1000 + s * colours.length + c,
        attributes: { attribute_pa_size: size, attribute_colour: colour },
        sku: `MANY-${size}-${colour}`.toUpperCase(),
        price_html: '<span class="price">€10.00</span>',
        is_in_stock: true,
        is_purchasable: true,
        // Colour 25 only in the first ten sizes.
        ...(c === 24 && s >= 10 ? { variation_is_active: false } : {}),
      }),
    ),
  );
  return {
    ...demoProps('junior-football-boots'),
    attributes: [
      { name: 'pa_size', label: 'Size', options: sizes.map((v) => ({ value: v, label: v.toUpperCase() })) },
      {
        name: 'colour',
        label: 'Colour',
        options: colours.map((v, i) => ({ value: v, label: `Colour ${i + 1}` })),
      },
    ],
    variations,
  };
}

export const ManyOptions: Story = {
  name: 'Many options (1,000 variations)',
  args: { props: manyOptionsProps(), sku: 'MANY' },
  play: async ({ canvasElement }) => {
    await checked(canvasElement);
    expect(optionTexts(canvasElement, 'Size')).toHaveLength(41);
    expect(optionTexts(canvasElement, 'Colour')).toHaveLength(26);
    await userEvent.selectOptions(select(canvasElement, 'Size'), 'eu-45');
    // Colour 25 exists in EU 45 only as an inactive variation.
    expect(within(select(canvasElement, 'Colour')).getByRole('option', { name: 'Colour 25' })).toBeDisabled();
    await userEvent.selectOptions(select(canvasElement, 'Colour'), 'colour-7');
    expect(sku(canvasElement)).toHaveTextContent('MANY-EU-45-COLOUR-7');
  },
};

export const ResetByKeyboard: Story = {
  name: 'Reset by keyboard (Space)',
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-1'],
      ['Colour', 'Black'],
    ]);
    expect(sku(canvasElement)).toHaveTextContent('BOOT-JR-1-BLK');
    within(canvasElement).getByRole('button', { name: 'Clear options' }).focus();
    await userEvent.keyboard(' ');
    expect(select(canvasElement, 'Size')).toHaveValue('');
    expect(select(canvasElement, 'Colour')).toHaveValue('');
    expect(select(canvasElement, 'Size')).toHaveFocus();
    expect(sku(canvasElement)).toHaveTextContent('BOOT-JR');
    expect(canvasElement.querySelectorAll('tr.is-selected')).toHaveLength(0);
    await waitFor(() => expect(document.getElementById('shop-islands-live')).toHaveTextContent(TEXT.reset));
  },
};

export const AddedToCart: Story = {
  name: 'Added to cart, with View cart',
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-1'],
      ['Colour', 'Blue'],
    ]);
    await userEvent.click(addButton(canvasElement));
    await waitFor(() => expect(addButton(canvasElement)).toHaveClass('added'));
    expect(within(canvasElement).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(navigation.submit).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = {
  name: 'Mobile (360 px), long names, added',
  args: LongOptionNames.args,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-1'],
      ['Colour', 'Black'],
    ]);
    await waitFor(() => expect(panel(canvasElement)).toHaveTextContent('€39.99'));
    await userEvent.click(addButton(canvasElement));
    await waitFor(() => expect(addButton(canvasElement)).toHaveClass('added'));
  },
};

export const AddFails: Story = {
  name: 'Add to cart fails: the form is posted',
  parameters: { msw: { handlers: answering('add_to_cart', serverError) } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      ['Size', 'uk-1'],
      ['Colour', 'Blue'],
    ]);
    await userEvent.click(addButton(canvasElement));
    await waitFor(() =>
      expect(navigation.submit).toHaveBeenCalledWith(form(canvasElement), addButton(canvasElement)),
    );
  },
};
