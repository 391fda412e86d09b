import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type * as z from 'zod/mini';
import { useFocusTrap } from '../../src/a11y/useFocusTrap';
import { useScrollLock } from '../../src/ui/scroll-lock';
import type { SizeGuidePropsSchema, SizeTable } from './schema';

type Props = z.output<typeof SizeGuidePropsSchema>;

/** The table, as the server prints it in the no-JS section: caption, column headers, row headers. */
function Table({ table }: { table: SizeTable }) {
  return (
    <table className="commercekit-size-guide-table">
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          {table.columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, index) => (
          <tr key={index}>
            <th scope="row">{row.size}</th>
            {row.cells.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * CommerceKit's size guide (storefront.md §2.5): a 'Size guide' button on products with a size
 * attribute, opening the size table in a modal dialog: `aria-modal`, labelled by its title, the
 * focus kept inside (src/a11y) and given back to the button when it closes (Escape, its close
 * button, or a click on the backdrop); the page does not scroll beneath it. The server's fallback
 * is a link to the same table in an in-page section (`#size-guide`), which the theme shows when it
 * is the URL's target: the button takes the link's place with the same look, so nothing moves.
 * The dialog is rendered at the end of <body>, clear of the summary's stacking and overflow.
 */
export function SizeGuide({ title, buttonLabel, closeLabel, table, note }: Props) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => setOpen(false);
  // The dialog's own place at the end of <body>, there while it is open. Its own element, so that
  // nothing else replacing the body's content (a test, a script) pulls nodes from under React.
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'commercekit-size-guide-host';
    return element;
  });
  useLayoutEffect(() => {
    if (!open) return;
    document.body.append(host);
    return () => host.remove();
  }, [open, host]);

  useFocusTrap(panel, open, { onEscape: close });
  useScrollLock(open);

  return (
    <>
      <button
        type="button"
        className="commercekit-size-guide-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {buttonLabel}
      </button>
      {open &&
        createPortal(
          <div className="commercekit-size-guide-modal">
            <div className="commercekit-size-guide-modal__backdrop" aria-hidden="true" onClick={close} />
            <div
              ref={panel}
              className="commercekit-size-guide-modal__panel"
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              tabIndex={-1}
            >
              <div className="commercekit-size-guide-modal__header">
                <h2 id={titleId} className="commercekit-size-guide-modal__title">
                  {title}
                </h2>
                <button
                  type="button"
                  className="commercekit-size-guide-modal__close"
                  aria-label={closeLabel}
                  onClick={close}
                >
                  <span aria-hidden="true">&times;</span>
                </button>
              </div>
              <Table table={table} />
              {note && <p className="commercekit-size-guide-note">{note}</p>}
            </div>
          </div>,
          host,
        )}
    </>
  );
}
