import { useEffect } from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { announcementOf, RESULT_COUNT_ANNOUNCE_DELAY_MS } from './model';
import type { ResultCountPropsSchema } from './schema';

type Props = z.output<typeof ResultCountPropsSchema>;

/**
 * The mounted result counts that announce, by the text they say. Themes print the count twice
 * (Storefront: above and below the products), each in its island: the first one mounted with a text
 * says it, the others with the same text keep quiet while it is on the page.
 */
const speakers = new Map<string, symbol>();

/**
 * WooCommerce's result count (storefront.md §2.3): the paragraph as the server printed it, its text
 * said again to screen readers 2 s after the island mounts (§9), through the page's shared polite
 * live region (src/a11y), as WooCommerce's script re-renders it after a sort. The paragraph itself is
 * no live region: inserted by the mount with its text, it could be read out a first time.
 */
export function ResultCount({ text }: Props) {
  const say = useAnnounce();
  useEffect(() => {
    const spoken = announcementOf(text);
    if (!spoken || speakers.has(spoken)) return;
    const me = Symbol(spoken);
    speakers.set(spoken, me);
    // Said unless something else is said first (an item removed at once, a notice): that wins.
    say(spoken, { delay: RESULT_COUNT_ANNOUNCE_DELAY_MS, yieldToOthers: true });
    return () => {
      if (speakers.get(spoken) === me) speakers.delete(spoken);
    };
  }, [say, text]);
  return <p className="woocommerce-result-count">{text}</p>;
}
