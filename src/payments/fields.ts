/**
 * What a payment integration adds to a form the page then posts itself: the hidden fields of
 * checkout.md §3, and the node a re-rendering region must keep (the provider's iframe). Shared by
 * the checkout island and the account's add-payment-method island.
 */

/**
 * A node the review must never take out of the page (the card provider's element: an iframe that
 * loses what was typed when it is moved or removed), and where it sits: its parent matches
 * `anchor`, and the answer's fragment has an element matching `anchor` in the same place.
 */
export interface KeptNode {
  node: Element;
  anchor: string;
}

/**
 * The hidden fields a payment method adds to the POST (§3 "Hidden checkout fields added by the
 * payment integration"), in one holder at the end of the form; each call replaces the last ones.
 */
export function setPaymentFields(form: HTMLFormElement, fields: readonly [string, string][]): void {
  let holder = form.querySelector<HTMLElement>(':scope > .shop-islands-payment-fields');
  if (!holder) {
    holder = document.createElement('div');
    holder.className = 'shop-islands-payment-fields';
    holder.hidden = true;
    form.append(holder);
  }
  const added: HTMLInputElement[] = [];
  for (const [name, value] of fields) {
    // The gateway's own hidden input, when it printed one (`wc_stripe_selected_upe_payment_type`).
    const printed = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')).find(
      (input) => input.name === name && !holder.contains(input),
    );
    if (printed) {
      printed.value = value;
      continue;
    }
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    added.push(input);
  }
  holder.replaceChildren(...added);
}
