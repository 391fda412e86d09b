import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { PRODUCTS } from '../demo/fixtures';
import { productGalleryProps } from '../demo/product/gallery';
import { emit } from '../src/events/bus';
import { ProductGallery } from '../widgets/product-gallery/ProductGallery';
import type { GalleryImage } from '../widgets/product-gallery/model';
import { inJsdom, viewerStoryEnvironment } from './support/lightbox';

const product = (slug: string) => PRODUCTS.find((p) => p.slug === slug)!;
const boots = productGalleryProps(product('junior-football-boots'));
const pads = productGalleryProps(product('shin-pads'));
const TRIGGER = 'View full-screen image gallery';

type Props = Parameters<typeof ProductGallery>[0];
const parsed = (props: ReturnType<typeof productGalleryProps>): Props => ({
  gid: '1',
  triggerLabel: TRIGGER,
  label: 'Product images',
  rtl: false,
  ...props,
  images: props.images.map((image) => ({ alt: '', title: '', caption: '', ...image })),
});

const thumb = (canvas: HTMLElement, n: number, count = 4) =>
  within(canvas).getByRole('button', { name: new RegExp(`^Image ${n} / ${count}\\b`) });
const shown = (canvas: HTMLElement) =>
  canvas.querySelector<HTMLElement>('.woocommerce-product-gallery__image:not([aria-hidden="true"])')!;

/** The product page's first column, where the theme prints the gallery. */
function Column(props: Props) {
  return (
    <div style={{ maxWidth: 480 }}>
      <ProductGallery {...props} />
    </div>
  );
}

const meta = {
  title: 'Widgets/Product gallery',
  component: ProductGallery,
  render: (args) => <Column {...args} />,
  args: parsed(boots),
  beforeEach: () => viewerStoryEnvironment(),
} satisfies Meta<typeof ProductGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ManyImages: Story = {
  name: 'Many images (slider with thumbnails)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('region', { name: 'Junior Football Boots images' })).toBeInTheDocument();
    expect(thumb(canvasElement, 1)).toHaveAttribute('aria-current', 'true');
    await userEvent.click(thumb(canvasElement, 3));
    expect(thumb(canvasElement, 3)).toHaveAttribute('aria-current', 'true');
    expect(shown(canvasElement)).toHaveAttribute('aria-label', '3 / 4');
    thumb(canvasElement, 3).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(thumb(canvasElement, 4)).toHaveFocus();
    expect(thumb(canvasElement, 4)).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowRight}'); // no looping
    expect(thumb(canvasElement, 4)).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{Home}');
    expect(thumb(canvasElement, 1)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(thumb(canvasElement, 4)).toHaveAttribute('aria-current', 'true');
    // Hidden slides are out of the tab order and of the accessibility tree.
    expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};

export const OneImage: Story = {
  name: 'One image (no slider)',
  args: parsed(pads),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.queryByRole('region')).toBeNull();
    expect(canvas.queryByRole('button', { name: /^Image / })).toBeNull();
    expect(canvas.getByRole('link')).toHaveAttribute('href', '/demo-assets/img/shin-pads.svg');
    expect(canvas.getByRole('img', { name: 'Shin Pads' })).toBeVisible();
    expect(canvas.getByRole('button', { name: TRIGGER })).toBeVisible();
  },
};

export const Zoomable: Story = {
  name: 'Zoom: large image wider than the gallery',
  play: async ({ canvasElement }) => {
    const slide = shown(canvasElement);
    fireEvent.pointerMove(slide, { pointerType: 'mouse', clientX: 200, clientY: 200 });
    const zoom = await waitFor(() => {
      const img = canvasElement.querySelector('.zoomImg');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(zoom).toHaveAttribute('width', '1200');
    expect(zoom).toHaveAttribute('aria-hidden', 'true');
    // React derives pointerleave from pointerout towards an element outside.
    fireEvent.pointerOut(slide, { pointerType: 'mouse', relatedTarget: canvasElement.ownerDocument.body });
    await waitFor(() => expect(canvasElement.querySelector('.zoomImg')).toBeNull());
  },
};

export const NotZoomable: Story = {
  name: 'No zoom: large image not wider than the gallery',
  args: parsed(pads), // 400 px large image
  play: async ({ canvasElement }) => {
    fireEvent.pointerMove(shown(canvasElement), { pointerType: 'mouse', clientX: 100, clientY: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(canvasElement.querySelector('.zoomImg')).toBeNull();
  },
};

const broken: GalleryImage = {
  ...parsed(boots).images[1]!,
  src: '/demo-assets/img/missing-image.svg',
  thumb: '/demo-assets/img/missing-image.svg',
  full: '/demo-assets/img/missing-image.svg',
};

export const BrokenImage: Story = {
  name: 'Broken image',
  args: { ...parsed(boots), images: [parsed(boots).images[0]!, broken, ...parsed(boots).images.slice(2)] },
  play: async ({ canvasElement }) => {
    await userEvent.click(thumb(canvasElement, 2));
    const img = within(shown(canvasElement)).queryByRole('img');
    // jsdom loads no images: tell the slide its image failed, as the browser does.
    if (img && inJsdom()) fireEvent.error(img);
    await waitFor(() =>
      expect(shown(canvasElement).querySelector('.si-gallery__error')).toHaveTextContent(
        'The image could not be loaded.',
      ),
    );
    expect(within(shown(canvasElement)).getByRole('link', { name: 'The image' })).toHaveAttribute(
      'href',
      '/demo-assets/img/missing-image.svg',
    );
  },
};

export const VariationImage: Story = {
  name: 'Variation image shown, then reset',
  play: async ({ canvasElement }) => {
    await userEvent.click(thumb(canvasElement, 3));
    emit('found_variation', [
      {
        variation_id: 20,
        image_id: 103,
        attributes: {},
        is_in_stock: true,
        is_purchasable: true,
        image: {
          src: '/demo-assets/img/junior-football-boots-blue.svg',
          srcset: false,
          sizes: false,
          url: '/demo-assets/img/junior-football-boots-blue.svg',
          full_src: '/demo-assets/img/junior-football-boots-blue.svg',
          full_src_w: 1200,
          full_src_h: 1200,
          gallery_thumbnail_src: '/demo-assets/img/junior-football-boots-blue.svg',
          title: 'Junior Football Boots in blue',
          caption: '',
          alt: 'Junior Football Boots in blue',
        },
      } as never,
    ]);
    await waitFor(() => expect(thumb(canvasElement, 1)).toHaveAttribute('aria-current', 'true'));
    expect(within(shown(canvasElement)).getByRole('img')).toHaveAttribute(
      'alt',
      'Junior Football Boots in blue',
    );
    emit('reset_image', []);
    await waitFor(() =>
      expect(within(shown(canvasElement)).getByRole('img')).toHaveAttribute('alt', 'Junior Football Boots'),
    );
  },
};

export const LightboxOpen: Story = {
  name: 'Full-screen viewer open',
  play: async ({ canvasElement }) => {
    await userEvent.click(thumb(canvasElement, 2));
    await userEvent.click(within(canvasElement).getByRole('button', { name: TRIGGER }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole(
      'dialog',
      { name: 'Junior Football Boots images' },
      { timeout: 5000 },
    );
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.querySelector('.pswp__caption')).toHaveTextContent('Synthetic upper with a padded collar.');
    expect(window.location.hash).toBe('#&gid=1&pid=2');
    expect(within(dialog).getByRole('button', { name: 'Close (Esc)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close (Esc)' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toBe('');
  },
};

export const RightToLeft: Story = {
  name: 'Right to left (arrows mirrored)',
  args: { ...parsed(boots), rtl: true },
  render: (args) => (
    <div dir="rtl" style={{ maxWidth: 480 }}>
      <ProductGallery {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    thumb(canvasElement, 1).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(thumb(canvasElement, 2)).toHaveAttribute('aria-current', 'true');
  },
};
