/**
 * What went wrong with an add that neither succeeded nor fell back (useAddToCart's `problem`): an
 * answer naming a page off the store, or an add whose fate is unknown. Shown after the control as
 * WooCommerce shows its errors (`woocommerce-error`), announced by role="alert".
 */
export function AddProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="shop-islands-add-problem woocommerce-error" role="alert">
      {message}
    </p>
  );
}
