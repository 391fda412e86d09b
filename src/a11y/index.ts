export {
  announce,
  cancelPendingAnnouncements,
  isPendingAnnouncement,
  ensureVisuallyHiddenCss,
  getLiveRegion,
  visuallyHiddenStyle,
  ANNOUNCE_SETTLE_MS,
  LIVE_REGION_IDS,
  VISUALLY_HIDDEN_CLASS,
  type AnnounceOptions,
  type Politeness,
} from './announce';
export { createFocusTrap, type FocusTrap, type FocusTrapOptions, type InitialFocus } from './focus-trap';
export { getTabbables, isFocusable } from './tabbable';
export { useFocusTrap } from './useFocusTrap';
export { useAnnounce } from './useAnnounce';
