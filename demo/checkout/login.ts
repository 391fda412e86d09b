/**
 * The login form's post (`WC_Form_Handler::process_login()`), as the demo's /my-account/ login
 * answers it: the same nonce, checks and words. The checkout's "Returning customer?" form posts
 * `login` to the checkout page itself (sample 40: no `action`), which handles it with this.
 */
import { DEMO_LOGIN } from '../fixtures';
import { escapeHtml } from '../html';
import type { DemoStore, Session } from '../store';

/** The nonce action of `woocommerce-login-nonce`. */
export const LOGIN_NONCE_ACTION = 'woocommerce-login';

/**
 * - `expired`: the nonce was refused (the demo shows "link expired", as /my-account/ does);
 * - `failed`: the error notice is in the session, for the page printed next;
 * - `ok`: logged in, the session's nonces rotated (a new session token).
 */
export type LoginOutcome = 'expired' | 'failed' | 'ok';

export function processLogin(store: DemoStore, session: Session, fields: URLSearchParams): LoginOutcome {
  const username = (fields.get('username') ?? '').trim();
  const password = fields.get('password') ?? '';
  if (!store.verifyNonce(session, LOGIN_NONCE_ACTION, fields.get('woocommerce-login-nonce')))
    return 'expired';
  if (!username) {
    store.addNotice(session, 'error', '<strong>Error:</strong> Username is required.');
  } else if (username !== DEMO_LOGIN.username) {
    store.addNotice(
      session,
      'error',
      `<strong>Error:</strong> The username <strong>${escapeHtml(username)}</strong> is not registered on this site. ` +
        'If you are unsure of your username, try your email address instead.',
    );
  } else if (password !== DEMO_LOGIN.password) {
    store.addNotice(
      session,
      'error',
      `<strong>Error:</strong> The password you entered for the username <strong>${escapeHtml(username)}</strong> is incorrect.`,
    );
  } else {
    session.loggedIn = username;
    // A login starts a new session token: every nonce printed before is stale.
    store.rotateNonces(session);
    return 'ok';
  }
  return 'failed';
}
