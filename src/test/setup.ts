import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cancelPendingAnnouncements } from '../a11y/announce';

afterEach(() => {
  // Node-environment tests (contract, demo server) have no DOM to clean.
  if (typeof document === 'undefined') return;
  // A delayed announcement must not fire into the next test, or after the environment is gone.
  cancelPendingAnnouncements();
  cleanup();
  document.body.innerHTML = '';
  document.head.querySelectorAll('#shop-islands-settings').forEach((el) => el.remove());
});
