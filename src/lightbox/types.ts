/** What the viewer shows and how (open.ts). */

export interface LightboxSlide {
  /** The large image. */
  src: string;
  srcset?: string;
  /** Size of the large image; 0 when unknown (measured once it loads). */
  width: number;
  height: number;
  alt: string;
  /** Product gallery: the caption, else the title, is shown (§2.5). */
  caption?: string;
  /** Site-wide: the image title and description (§2.6). */
  title?: string;
  description?: string;
  /** Shown while the large image loads (the slide's own image). */
  msrc?: string;
}

export interface LightboxOptions {
  /** The dialog's accessible name. */
  label: string;
  counter?: boolean;
  zoom?: boolean;
  fullscreen?: boolean;
  share?: boolean;
  /** Product gallery: the gallery id written to the URL hash while open (`#&gid=1&pid=2`). */
  gid?: string;
  onChange?: (index: number) => void;
  onClose?: (index: number) => void;
  /**
   * The opener going away (an island unmounted): aborted while the viewer loads, it does not open
   * (the promise rejects with the signal's reason); aborted while open, the viewer closes, without
   * `onChange` or `onClose`.
   */
  signal?: AbortSignal;
}

export interface LightboxHandle {
  close(): void;
  readonly index: number;
}
