import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { lightboxActionHref } from '../demo/product/gallery';
import { SiteLightbox } from '../widgets/lightbox/SiteLightbox';
import { viewerStoryEnvironment } from './support/lightbox';

const KIT_BAG = '/demo-assets/img/kit-bag.svg';
const BALL = '/demo-assets/img/pro-match-football.svg';

/** A page section with what the site-wide lightbox opens, and the (invisible) island. */
function Page({ label, badHref }: { label: string; badHref?: string }) {
  return (
    <div>
      <ul style={{ display: 'flex', gap: '1rem', listStyle: 'none', padding: 0 }}>
        <li>
          <a
            href={KIT_BAG}
            data-elementor-lightbox-slideshow="story"
            data-elementor-lightbox-title="Kit bag"
            data-elementor-lightbox-description="45 litres, with a boot compartment."
          >
            <img src={KIT_BAG} alt="Kit bag" width={120} height={120} />
          </a>
        </li>
        <li>
          <a
            href={`${BALL}?v=2`}
            data-elementor-lightbox-slideshow="story"
            data-elementor-lightbox-title="Match ball"
          >
            <img src={BALL} alt="Match ball" width={120} height={120} />
          </a>
        </li>
      </ul>
      <p>
        <a
          href={lightboxActionHref({
            type: 'image',
            url: KIT_BAG,
            title: 'From an action',
            description: 'Opened by #elementor-action.',
          })}
        >
          Open the kit bag from an action link
        </a>
      </p>
      <p>
        <a href={KIT_BAG} data-elementor-open-lightbox="no">
          The kit bag, opted out
        </a>
      </p>
      {badHref && (
        <p>
          <a href={badHref}>A link with bad settings</a>
        </p>
      )}
      <SiteLightbox label={label} />
    </div>
  );
}

const dialog = (canvas: HTMLElement) =>
  within(canvas.ownerDocument.body).findByRole('dialog', { name: 'Image viewer' }, { timeout: 5000 });

const meta = {
  title: 'Widgets/Lightbox (site-wide)',
  component: SiteLightbox,
  render: (args) => <Page {...args} />,
  args: { label: 'Image viewer' },
  beforeEach: () => viewerStoryEnvironment(),
} satisfies Meta<typeof SiteLightbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ImageLink: Story = {
  name: 'Site-wide image link (slideshow, title, description)',
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Kit bag' }));
    const viewer = await dialog(canvasElement);
    expect(viewer.querySelector('.pswp__caption-title')).toHaveTextContent('Kit bag');
    expect(viewer.querySelector('.pswp__caption-description')).toHaveTextContent(
      '45 litres, with a boot compartment.',
    );
    const counter = viewer.querySelector<HTMLElement>('.pswp__counter')!;
    expect(counter.innerText || counter.textContent).toBe('1 / 2');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Close (Esc)' }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
  },
};

export const ElementorAction: Story = {
  name: '#elementor-action lightbox link',
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('link', { name: 'Open the kit bag from an action link' }),
    );
    const viewer = await dialog(canvasElement);
    expect(viewer.querySelector('.pswp__caption-title')).toHaveTextContent('From an action');
    expect(viewer.querySelector('.pswp__caption-description')).toHaveTextContent(
      'Opened by #elementor-action.',
    );
  },
};

export const BadSettings: Story = {
  name: '#elementor-action link with bad settings',
  render: (args) => <Page {...args} badHref="#elementor-action:action=lightbox&settings=%%%not-base64" />,
  play: async ({ canvasElement }) => {
    const error = spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'A link with bad settings' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(
      /^\[shop-islands\] lightbox: ignored an #elementor-action link/,
    );
    expect(window.location.hash).toBe('');
    error.mockRestore();
  },
};

export const OptedOut: Story = {
  name: 'Opted-out link (data-elementor-open-lightbox="no")',
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'The kit bag, opted out' });
    // Not the lightbox's: the click is left to the browser (prevented here, so the story stays).
    let defaultPrevented: boolean | null = null;
    const watch = (event: MouseEvent) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    };
    canvasElement.ownerDocument.addEventListener('click', watch);
    await userEvent.click(link);
    canvasElement.ownerDocument.removeEventListener('click', watch);
    expect(defaultPrevented).toBe(false);
    expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull();
  },
};
