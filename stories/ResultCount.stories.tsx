import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { LIVE_REGION_IDS } from '../src/a11y';
import { ResultCount } from '../widgets/result-count/ResultCount';
import { RESULT_COUNT_ANNOUNCE_DELAY_MS } from '../widgets/result-count/model';
import { ResultCountPropsSchema, type ResultCountProps } from '../widgets/result-count/schema';

/** The result count where Storefront prints it, beside the ordering form (`.storefront-sorting`). */
function Listing(props: ResultCountProps) {
  return (
    <div className="storefront-sorting">
      <ResultCount {...ResultCountPropsSchema.parse(props)} />
    </div>
  );
}

/** The page's shared polite live region (src/a11y), created on its first announcement. */
const liveText = () => document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '';
const paragraph = (canvasElement: HTMLElement, text: string | RegExp) =>
  within(canvasElement).getByText(text);

const meta = {
  title: 'Widgets/Result count',
  component: Listing,
  args: { text: 'Showing all 24 results' },
} satisfies Meta<typeof Listing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BeforeTheAnnouncement: Story = {
  name: 'Before the announcement (the first 2 s)',
  play: async ({ canvasElement }) => {
    const shown = paragraph(canvasElement, 'Showing all 24 results');
    expect(shown).toHaveClass('woocommerce-result-count');
    expect(shown).not.toHaveAttribute('role');
    expect(liveText()).not.toContain('Showing all 24 results');
  },
};

export const Announced: Story = {
  name: 'Announced to screen readers 2 s after load',
  play: async ({ canvasElement }) => {
    const started = performance.now();
    await waitFor(() => expect(liveText()).toBe('Showing all 24 results'), {
      timeout: RESULT_COUNT_ANNOUNCE_DELAY_MS + 2000,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(RESULT_COUNT_ANNOUNCE_DELAY_MS - 100);
    expect(paragraph(canvasElement, 'Showing all 24 results')).toBeVisible();
  },
};

export const Paginated: Story = {
  name: 'A page of results (“Showing 1–16 of 40 results”), announced',
  args: { text: '\n\tShowing 1–16 of 40 results' },
  play: async ({ canvasElement }) => {
    expect(paragraph(canvasElement, /Showing 1–16 of 40 results/)).toBeVisible();
    await waitFor(() => expect(liveText()).toBe('Showing 1–16 of 40 results'), {
      timeout: RESULT_COUNT_ANNOUNCE_DELAY_MS + 2000,
    });
  },
};

export const SingleResult: Story = {
  name: 'The single result',
  args: { text: 'Showing the single result' },
  play: async () => {
    await waitFor(() => expect(liveText()).toBe('Showing the single result'), {
      timeout: RESULT_COUNT_ANNOUNCE_DELAY_MS + 2000,
    });
  },
};
