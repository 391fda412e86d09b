import { spyOn } from 'storybook/test';

/**
 * A story's `beforeEach` for a story that expects the runtime's console.error (invalid props, a
 * crash): the message is kept out of the output, still recorded for the play function to assert on,
 * and the real console.error is back after the story.
 */
export function silenceConsoleError(): () => void {
  const error = spyOn(console, 'error').mockImplementation(() => undefined);
  return () => error.mockRestore();
}
