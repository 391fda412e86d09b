import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findProductBySlug } from '../demo/fixtures';
import { productDetailsSections } from '../demo/product/tabs';
import { ProductAccordion } from '../widgets/product-accordion/ProductAccordion';

const SECTIONS = productDetailsSections(findProductBySlug('junior-football-boots')!);
const button = (canvas: HTMLElement, name: string) => within(canvas).getByRole('button', { name });
const region = (canvas: HTMLElement, name: string | RegExp) => within(canvas).queryByRole('region', { name });

const meta = {
  title: 'Widgets/Product details accordion',
  component: ProductAccordion,
  args: { idPrefix: 'product-details', sections: SECTIONS, open: null, headingLevel: 3 },
  decorators: [
    (Story) => (
      <div className="summary entry-summary">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductAccordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllClosed: Story = {
  name: 'All closed',
  play: ({ canvasElement }) => {
    for (const { title } of SECTIONS) {
      expect(button(canvasElement, title)).toHaveAttribute('aria-expanded', 'false');
      expect(region(canvasElement, title)).not.toBeInTheDocument();
    }
  },
};

export const OneOpen: Story = {
  name: 'One open (from the server)',
  args: { open: 1 },
  play: ({ canvasElement }) => {
    expect(button(canvasElement, 'Size & fit')).toHaveAttribute('aria-expanded', 'true');
    expect(region(canvasElement, 'Size & fit')).toHaveTextContent('UK 1, UK 2, UK 3');
  },
};

export const OpeningClosesOthers: Story = {
  name: 'Opening one closes the others',
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement, 'Delivery & returns'));
    expect(region(canvasElement, 'Delivery & returns')).toBeVisible();
    await userEvent.click(button(canvasElement, 'Care'));
    expect(button(canvasElement, 'Care')).toHaveAttribute('aria-expanded', 'true');
    expect(button(canvasElement, 'Delivery & returns')).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Keyboard: Story = {
  name: 'Keyboard: arrows, Home/End, Enter and Space',
  play: async ({ canvasElement }) => {
    button(canvasElement, 'Delivery & returns').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button(canvasElement, 'Size & fit')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(button(canvasElement, 'Size & fit')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{End} ');
    expect(button(canvasElement, 'Care')).toHaveAttribute('aria-expanded', 'true');
    expect(button(canvasElement, 'Size & fit')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Home}');
    expect(button(canvasElement, 'Delivery & returns')).toHaveFocus();
  },
};

export const LongContent: Story = {
  name: 'Long titles and content',
  args: {
    sections: [
      {
        id: 'long',
        title: 'Delivery, returns, exchanges and everything else you may want to know before ordering',
        html: '<p>Free delivery on orders over €50. </p>'.repeat(20),
      },
      ...SECTIONS.slice(1),
    ],
    open: 0,
  },
  play: ({ canvasElement }) => {
    expect(region(canvasElement, /^Delivery, returns/)).toBeVisible();
  },
};

export const Mobile: Story = {
  name: 'Mobile (360 px)',
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement, 'Care'));
    expect(region(canvasElement, 'Care')).toBeVisible();
  },
};
