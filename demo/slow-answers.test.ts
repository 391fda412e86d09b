// @vitest-environment node
/** The tests' slow server (demo/slow-answers.ts): held per session and endpoint, until released. */
import { describe, expect, it } from 'vitest';
import { createSlowAnswers } from './slow-answers';
import { SESSION_COOKIE } from './store';

const post = (path: string, session = 'A') =>
  new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { Cookie: `${SESSION_COOKIE}=${session}` },
  });

/** 'held' while `answer` has not resolved after the pending microtasks ran. */
async function stateOf(answer: Promise<void>): Promise<'held' | 'sent'> {
  let sent = false;
  void answer.then(() => (sent = true));
  await new Promise((resolve) => setImmediate(resolve));
  return sent ? 'sent' : 'held';
}

describe('slow answers', () => {
  it('holds the session’s answers to one endpoint until released; others go out at once', async () => {
    const slow = createSlowAnswers();
    expect(slow.control(post('/__slow__/hold?endpoint=add_to_cart'))?.status).toBe(204);
    const held = slow.beforeAnswer(post('/?wc-ajax=add_to_cart'));
    expect(await stateOf(held)).toBe('held');
    expect(await stateOf(slow.beforeAnswer(post('/?wc-ajax=get_refreshed_fragments')))).toBe('sent');
    expect(await stateOf(slow.beforeAnswer(post('/?wc-ajax=add_to_cart', 'B')))).toBe('sent');
    expect(slow.control(post('/__slow__/release'))?.status).toBe(204);
    expect(await stateOf(held)).toBe('sent');
    expect(await stateOf(slow.beforeAnswer(post('/?wc-ajax=add_to_cart')))).toBe('sent');
  });

  it('answers only its own paths, POST with a session cookie', () => {
    const slow = createSlowAnswers();
    expect(slow.control(post('/shop/'))).toBeNull();
    expect(slow.control(new Request('http://127.0.0.1/__slow__/release'))?.status).toBe(405);
    expect(slow.control(new Request('http://127.0.0.1/__slow__/release', { method: 'POST' }))?.status).toBe(
      409,
    );
    expect(slow.control(post('/__slow__/hold'))?.status).toBe(400);
  });
});
