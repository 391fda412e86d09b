import { useCallback, useEffect, useRef } from 'react';
import { ensurePopup, showPopup, type PopupContent } from './popup';

/**
 * `showPopup()` bound to a component's lifetime: the popup's live region is created when the
 * component mounts (it must exist before its first message to be announced); the message the
 * component last showed, if it is still shown, is hidden with its timers when it unmounts; and a
 * call made after the unmount shows nothing. The returned function is stable.
 */
export function usePopup(): (content: PopupContent, options: { duration: number }) => void {
  const hideLast = useRef<(() => void) | null>(null);
  /** Set by the unmount (cleared again by StrictMode's re-mount): calls before the effects ran count. */
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    ensurePopup();
    return () => {
      gone.current = true;
      hideLast.current?.();
      hideLast.current = null;
    };
  }, []);
  return useCallback((content: PopupContent, options: { duration: number }) => {
    if (!gone.current) hideLast.current = showPopup(content, options);
  }, []);
}
