import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SIZE_GUIDES, sizeGuideProps } from '../demo/product/extras';
import { SizeGuidePropsSchema, type SizeGuideProps } from '../widgets/size-guide/schema';
import { SizeGuide } from '../widgets/size-guide/SizeGuide';

/** The summary of the boots, where CommerceKit prints the button (above the variations form). */
function Summary(props: SizeGuideProps) {
  return (
    <div className="summary entry-summary">
      <h1 className="product_title entry-title">Junior Football Boots</h1>
      <p className="price">€29.99 – €42.99</p>
      <div className="commercekit-size-guide">
        <SizeGuide {...SizeGuidePropsSchema.parse(props)} />
      </div>
    </div>
  );
}

// The dialog is rendered at the end of <body>, outside the story's canvas.
const page = () => within(document.body);
const opener = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Size guide' });

const meta = {
  title: 'Widgets/Size guide',
  component: Summary,
  args: sizeGuideProps(SIZE_GUIDES[18]!),
  beforeEach: () => () => {
    // A story that ends with the dialog open leaves the page scrollable again for the next one.
    document.documentElement.style.overflow = '';
  },
} satisfies Meta<typeof Summary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    expect(opener(canvasElement)).toHaveAttribute('aria-haspopup', 'dialog');
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const Open: Story = {
  name: 'Open: the size table in a modal dialog',
  play: async ({ canvasElement }) => {
    await userEvent.click(opener(canvasElement));
    // Its code comes when it first opens (src/ui/LazyModalDialog).
    const dialog = await page().findByRole('dialog', { name: 'Size guide' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const table = within(dialog).getByRole('table', { name: /Junior Football Boots/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['UK 1', 'UK 2', 'UK 3', 'UK 4']);
    expect(document.documentElement.style.overflow).toBe('hidden');
  },
};

export const Keyboard: Story = {
  name: 'By keyboard: Enter opens, Tab stays inside, Escape closes',
  play: async ({ canvasElement }) => {
    opener(canvasElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await page().findByRole('dialog', { name: 'Size guide' });
    const close = within(dialog).getByRole('button', { name: 'Close size guide' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener(canvasElement)).toHaveFocus();
  },
};

export const BackdropCloses: Story = {
  name: 'A click outside closes it',
  play: async ({ canvasElement }) => {
    await userEvent.click(opener(canvasElement));
    await page().findByRole('dialog', { name: 'Size guide' });
    await userEvent.click(document.querySelector('.commercekit-size-guide-modal__backdrop')!);
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener(canvasElement)).toHaveFocus();
  },
};

export const Jersey: Story = {
  name: 'The jersey’s guide (XS–XXL), open',
  args: sizeGuideProps(SIZE_GUIDES[40]!),
  play: async ({ canvasElement }) => {
    await userEvent.click(opener(canvasElement));
    // Its code comes when it first opens (src/ui/LazyModalDialog).
    const dialog = await page().findByRole('dialog', { name: 'Size guide' });
    expect(within(dialog).getAllByRole('rowheader')).toHaveLength(6);
    expect(within(dialog).getByText('Measured flat; the jersey has a regular fit.')).toBeVisible();
  },
};
