import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ModalDialog, type ModalDialogProps } from '../src/ui/ModalDialog';
import { inJsdom } from './support/lightbox';

type Args = Pick<ModalDialogProps, 'placement' | 'block' | 'portalClassName'> & {
  paragraphs: number;
  dir?: 'rtl';
};

/**
 * A page with a button that opens the dialog. The look comes from the stylesheet of the widget whose
 * block is given: the size guide's (centred) or the cart drawer's (a side drawer).
 */
function Page({ paragraphs, dir, ...dialog }: Args) {
  const [open, setOpen] = useState(false);
  return (
    <div dir={dir}>
      <p>{dir === 'rtl' ? 'صفحة المتجر' : 'The shop page'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <ModalDialog
        {...dialog}
        open={open}
        onClose={() => setOpen(false)}
        title={dir === 'rtl' ? 'ملاحظات' : 'Delivery notes'}
        closeLabel={dir === 'rtl' ? 'إغلاق' : 'Close delivery notes'}
      >
        <div style={{ padding: '0 1rem' }}>
          {Array.from({ length: paragraphs }, (_, i) => (
            <p key={i}>
              {i + 1}. Orders placed before 14:00 leave the warehouse the same day; boots come in their box,
              balls deflated.
            </p>
          ))}
          <p>
            <a href="#delivery">All delivery options</a>
          </p>
        </div>
      </ModalDialog>
    </div>
  );
}

const opener = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Open the dialog' });
// A portalled dialog is at the end of <body>, outside the story's canvas.
const page = () => within(document.body);

async function openDialog(canvasElement: HTMLElement, name: string | RegExp = 'Delivery notes') {
  await userEvent.click(opener(canvasElement));
  const dialog = await waitFor(() => page().getByRole('dialog', { name }));
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  return dialog;
}

const meta = {
  title: 'UI/Modal dialog',
  component: Page,
  args: {
    block: 'commercekit-size-guide-modal',
    portalClassName: 'commercekit-size-guide-host',
    placement: 'center',
    paragraphs: 2,
  },
  beforeEach: () => () => {
    // A story that ends with the dialog open leaves the page scrollable again for the next one.
    document.documentElement.style.overflow = '';
  },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
    expect(opener(canvasElement)).toBeVisible();
  },
};

export const Open: Story = {
  name: 'Open: centred, focus on the close button, the page locked',
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    expect(within(dialog).getByRole('button', { name: 'Close delivery notes' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('hidden');
  },
};

export const EscapeReturnsFocus: Story = {
  name: 'Escape closes it, the focus goes back to the opener',
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement);
    await userEvent.keyboard('{Escape}');
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener(canvasElement)).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('');
  },
};

export const LongContent: Story = {
  name: 'Long content: the panel scrolls, Tab reaches its end and cycles',
  args: { paragraphs: 40 },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    if (!inJsdom()) expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight);
    await userEvent.tab();
    const last = within(dialog).getByRole('link', { name: 'All delivery options' });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close delivery notes' })).toHaveFocus();
  },
};

export const Drawer: Story = {
  name: 'Side drawer (the cart drawer’s placement)',
  args: { block: 'shop-islands-cart-drawer', portalClassName: undefined, placement: 'side' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    expect(canvasElement.querySelector('[data-placement="side"]')).toContainElement(dialog);
    if (!inJsdom()) {
      const box = dialog.getBoundingClientRect();
      expect(Math.round(box.right)).toBe(document.documentElement.clientWidth);
    }
    await userEvent.click(document.querySelector<HTMLElement>('.shop-islands-cart-drawer__backdrop')!);
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const RightToLeft: Story = {
  name: 'Right to left: the drawer comes from the left',
  args: { block: 'shop-islands-cart-drawer', portalClassName: undefined, placement: 'side', dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'ملاحظات');
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toHaveFocus();
    if (!inJsdom()) expect(Math.round(dialog.getBoundingClientRect().left)).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(opener(canvasElement)).toHaveFocus();
  },
};

export const Mobile: Story = {
  name: 'Mobile: the drawer takes the whole width',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { block: 'shop-islands-cart-drawer', portalClassName: undefined, placement: 'side', paragraphs: 12 },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    if (!inJsdom() && window.innerWidth < 768)
      expect(Math.round(dialog.getBoundingClientRect().width)).toBe(document.documentElement.clientWidth);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close delivery notes' }));
    expect(opener(canvasElement)).toHaveFocus();
  },
};
