import { useCallback, useState } from 'react';
import type * as z from 'zod/mini';
import { LazyModalDialog, preloadModalDialog } from '../../src/ui/LazyModalDialog';
import type { SizeGuidePropsSchema, SizeTable } from './schema';

type Props = z.output<typeof SizeGuidePropsSchema>;

const preload = () => void preloadModalDialog();

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
 * The dialog (src/ui/ModalDialog) is rendered at the end of <body>, clear of the summary's stacking
 * and overflow. Its code is fetched when the pointer or the focus reaches the button (or at the
 * click); if it cannot be, the table is shown under the button instead, as the no-JS section would.
 */
export function SizeGuide({ title, buttonLabel, closeLabel, table, note }: Props) {
  const [open, setOpen] = useState(false);
  const [inline, setInline] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const showInline = useCallback(() => {
    setOpen(false);
    setInline(true);
  }, []);

  return (
    <>
      <button
        type="button"
        className="commercekit-size-guide-button"
        aria-haspopup={inline ? undefined : 'dialog'}
        aria-expanded={inline || undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (inline ? setInline(false) : setOpen(true))}
      >
        {buttonLabel}
      </button>
      {inline && (
        <section className="shop-islands-size-guide-inline" aria-label={title}>
          <Table table={table} />
          {note && <p className="commercekit-size-guide-note">{note}</p>}
        </section>
      )}
      <LazyModalDialog
        open={open}
        onClose={close}
        onUnavailable={showInline}
        title={title}
        closeLabel={closeLabel}
        block="commercekit-size-guide-modal"
        portalClassName="commercekit-size-guide-host"
      >
        <Table table={table} />
        {note && <p className="commercekit-size-guide-note">{note}</p>}
      </LazyModalDialog>
    </>
  );
}
