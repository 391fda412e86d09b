/**
 * Helpers of the wishlist and waitlist stories: admin-ajax answers to override one action with, and
 * the page's message popup (it lives at the end of <body>, outside the story's canvas).
 */
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { POPUP_ID } from '../../src/ui/popup';

/** What admin-ajax received, per story (cleared by `resetPosted`). */
export const posted: URLSearchParams[] = [];
export const resetPosted = (): void => {
  posted.length = 0;
};

/**
 * A handler for admin-ajax `action` only (the demo store answers the others): records the fields
 * and answers with `answer`; unknown actions fall through to the next handler.
 */
export const adminAjaxAction = (
  action: string,
  answer: (fields: URLSearchParams) => Response | Promise<Response>,
) =>
  http.post('*/wp-admin/admin-ajax.php', async ({ request }) => {
    const fields = new URLSearchParams(await request.clone().text());
    if (fields.get('action') !== action) return undefined;
    posted.push(fields);
    return answer(fields);
  });

/** An answer that never comes (until the client's timeout gives up). */
export const never = async (): Promise<Response> => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const serverError = () =>
  new HttpResponse('<html><body><h1>Internal Server Error</h1></body></html>', {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=UTF-8' },
  });

export const malformed = () =>
  new HttpResponse('{"status":1,"html":"<a', {
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  });

/** The page's message popup (role=status). */
export function popup(canvasElement: HTMLElement): HTMLElement {
  const element = canvasElement.ownerDocument.getElementById(POPUP_ID);
  expect(element).not.toBeNull();
  expect(element).toHaveAttribute('role', 'status');
  return element!;
}

export async function expectPopup(canvasElement: HTMLElement, text: string | RegExp): Promise<void> {
  await waitFor(() => expect(popup(canvasElement)).toHaveTextContent(text));
  expect(popup(canvasElement)).toHaveAttribute('data-shown');
}
