/**
 * Every story is a test (ARCHITECTURE.md §7): each one is rendered in jsdom with the project's
 * decorators, its msw handlers (on msw/node), its loaders and beforeEach, then its play function and
 * the a11y addon's axe check (`a11y.test: 'error'`: a violation fails the test).
 */
import { composeStories, type composeStory } from '@storybook/react-vite';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { handlersOf } from './support/msw';
import { projectAnnotations } from './setup-portable';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const modules = import.meta.glob<StoriesModule>('./*.stories.tsx', { eager: true });
const server = setupServer();

beforeAll(async () => {
  await projectAnnotations.beforeAll?.();
  // Unhandled requests fail: a story must not reach the network.
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface A11yReport {
  type: string;
  status: string;
  result?: { violations?: { id: string; help: string; nodes: { target: unknown }[] }[]; error?: unknown };
}

/**
 * Per story: its play function and an axe run over the rendered story. Usually a few seconds, but
 * over 30 s was seen with both cores busy (the project's 15 s default then fails a healthy story).
 */
const STORY_TIMEOUT_MS = 60_000;

test('finds the story files', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(5);
});

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace(/^\.\/(.*)\.stories\.tsx$/, '$1'), () => {
    for (const [name, Story] of Object.entries(composeStories(module) as Record<string, ComposedStory>)) {
      test(name, { timeout: STORY_TIMEOUT_MS }, async () => {
        server.use(...handlersOf(Story.parameters.msw));
        await Story.run();
        const a11y = (Story.reporting.reports as A11yReport[]).filter((report) => report.type === 'a11y');
        // The addon's afterEach ran axe over the rendered story (unless the story turned it off).
        if (Story.parameters.a11y?.test !== 'off') expect(a11y).not.toHaveLength(0);
        const failed = a11y.filter((report) => report.status === 'failed');
        const problems = failed.flatMap((report) =>
          report.result?.violations?.length
            ? report.result.violations.map(
                (v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.map((n) => n.target))})`,
              )
            : [`axe did not run: ${String(report.result?.error)}`],
        );
        expect(problems).toEqual([]);
      });
    }
  });
}
