import { onTestFinished } from 'vitest';

export interface Gate {
  /** Resolves once `open()` is called (or the test has finished). */
  readonly passed: Promise<void>;
  open(): void;
}

/**
 * Holds something (an msw answer: `await gate.passed`) until the test says so, instead of a fixed
 * delay that a slow, busy machine may outlast before the test looks at the state in between.
 * Opened at the end of the test anyway, so nothing stays waiting.
 */
export function gate(): Gate {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  onTestFinished(() => open());
  return { passed, open };
}
