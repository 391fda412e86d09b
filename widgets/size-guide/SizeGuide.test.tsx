import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIZE_GUIDES, sizeGuideProps } from '../../demo/product/extras';
import island from './island';
import { SizeGuidePropsSchema } from './schema';
import { SizeGuide } from './SizeGuide';
import { preloadModalDialog } from '../../src/ui/LazyModalDialog';

const BOOTS = sizeGuideProps(SIZE_GUIDES[18]!);

function renderGuide(overrides: Record<string, unknown> = {}) {
  return render(
    <div>
      <a href="/before">Before</a>
      <SizeGuide {...SizeGuidePropsSchema.parse({ ...BOOTS, ...overrides })} />
      <a href="/after">After</a>
    </div>,
  );
}
const opener = () => screen.getByRole('button', { name: 'Size guide' });
const dialog = () => screen.getByRole('dialog', { name: 'Size guide' });

// The dialog's code is fetched when it first opens (src/ui/LazyModalDialog, tested there): here it
// is already in, so each test sees the dialog as soon as it opens.
beforeAll(() => preloadModalDialog());

describe('SizeGuide', () => {
  it('closed: a "Size guide" button announcing a dialog, nothing else', () => {
    renderGuide();
    expect(opener()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('open: a labelled modal dialog with the accessible table; focus inside; the page does not scroll', async () => {
    renderGuide();
    await userEvent.click(opener());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    const table = within(dialog()).getByRole('table', {
      name: 'Junior Football Boots: UK size, EU size and foot length',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['UK size', 'EU size', 'US size', 'Foot length (cm)']);
    const row = within(table).getByRole('row', { name: /UK 2/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('UK 2');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['34', '2.5', '21.2']);
    expect(within(dialog()).getByText(/heel to longest toe/)).toBeInTheDocument();
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
    // Rendered at the end of <body>, outside the summary.
    expect(dialog().closest('.commercekit-size-guide-host')!.parentElement).toBe(document.body);
  });

  it('Escape closes it and gives the focus back to the button; the page scrolls again', async () => {
    renderGuide();
    await userEvent.click(opener());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener()).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.querySelector('.commercekit-size-guide-host')).toBeNull();
  });

  it('the close button closes it', async () => {
    renderGuide();
    await userEvent.click(opener());
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close size guide' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener()).toHaveFocus();
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    renderGuide();
    await userEvent.click(opener());
    await userEvent.click(within(dialog()).getByRole('table'));
    expect(dialog()).toBeInTheDocument();
    await userEvent.click(document.querySelector('.commercekit-size-guide-modal__backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener()).toHaveFocus();
  });

  it('by keyboard: Tab to the button, Enter opens, Tab stays inside, Escape closes', async () => {
    renderGuide();
    await userEvent.tab();
    await userEvent.tab();
    expect(opener()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const close = within(dialog()).getByRole('button', { name: 'Close size guide' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus(); // the only stop: the focus does not leave the dialog
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(opener()).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(dialog()).toBeInTheDocument();
  });

  it('unmounted while open: the dialog and its host go, the page scrolls again, Escape does nothing', async () => {
    const view = renderGuide();
    await userEvent.click(opener());
    expect(dialog()).toBeInTheDocument();
    view.unmount();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.commercekit-size-guide-host')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
    await userEvent.keyboard('{Escape}');
    expect(document.querySelector('.commercekit-size-guide-host')).toBeNull();
  });

  it('the jersey’s guide (XS to XXL)', async () => {
    render(<SizeGuide {...SizeGuidePropsSchema.parse(sizeGuideProps(SIZE_GUIDES[40]!))} />);
    await userEvent.click(opener());
    expect(
      within(dialog())
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });
});

describe('size-guide island', () => {
  const locate = { locatorOf: () => null, resolve: () => null } as never;
  const table = BOOTS.table;
  it.each([
    [{ ...BOOTS, sectionId: '#size-guide' }, 'sectionId'],
    [{ ...BOOTS, table: { ...table, caption: '' } }, 'table.caption'],
    [{ ...BOOTS, table: { ...table, columns: ['Size'] } }, 'table.columns'],
    [{ ...BOOTS, table: { ...table, rows: [] } }, 'table.rows'],
    [{ ...BOOTS, table: { ...table, rows: [{ size: 'UK 1', cells: ['33'] }] } }, 'table.rows'],
    [{ ...BOOTS, table: undefined }, 'table'],
  ])('refuses bad props (%#), naming the field; the fallback link stays', async (props, field) => {
    const container = document.createElement('div');
    container.innerHTML = '<a class="commercekit-size-guide-button" href="#size-guide">Size guide</a>';
    const before = container.innerHTML;
    const result = await island.mount(container, props, { name: 'size-guide', locate });
    expect(result).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe(before);
  });
});

describe('SizeGuide, when the dialog’s code cannot be fetched', () => {
  afterEach(() => {
    vi.doUnmock('../../src/ui/ModalDialog');
    vi.restoreAllMocks();
  });

  it('shows the table under the button instead, which the button then hides and shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.resetModules();
    vi.doMock('../../src/ui/ModalDialog', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { SizeGuide: Offline } = await import('./SizeGuide');
    render(<Offline {...SizeGuidePropsSchema.parse(BOOTS)} />);
    await userEvent.click(opener());
    const section = await screen.findByRole('region', { name: 'Size guide' });
    expect(within(section).getByRole('rowheader', { name: 'UK 2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener()).toHaveAttribute('aria-expanded', 'true');
    expect(opener()).not.toHaveAttribute('aria-haspopup');
    await userEvent.click(opener());
    expect(screen.queryByRole('region', { name: 'Size guide' })).toBeNull();
  });
});
