import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // Node-environment tests (contract, demo server) have no DOM to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  document.body.innerHTML = '';
  document.head.querySelectorAll('#shop-islands-settings').forEach((el) => el.remove());
});
