/** The spec's strings, word for word (§5, §8); WordPress translates them through `__`. */
export const TEXT = {
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
  selectionNeeded: 'Please select some product options before adding this product to your cart.',
  reset:
    'Your selection has been reset. Please select some product options before adding this product to your cart.',
  chooseOption: 'Choose an option',
  /** Not in the spec (a get_variation fault is not specified): ours. */
  fault: 'Sorry, the options could not be checked. Please try again.',
  retry: 'Try again',
} as const;
