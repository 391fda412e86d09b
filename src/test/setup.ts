import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cancelPendingAnnouncements } from '../a11y/announce';
import { resetPopup } from '../ui/popup';

// waitFor / findBy*: 1 s by default, which a busy machine (CI, parallel workers) can outlast while
// the awaited answer is merely slow. They return as soon as the expectation holds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Node-environment tests (contract, demo server) have no DOM to clean.
  if (typeof document === 'undefined') return;
  // A delayed announcement must not fire into the next test, or after the environment is gone.
  cancelPendingAnnouncements();
  // Nor a popup's timer (the popup is the page's, not one island's).
  resetPopup();
  cleanup();
  document.body.innerHTML = '';
  document.head.querySelectorAll('#shop-islands-settings').forEach((el) => el.remove());
});
