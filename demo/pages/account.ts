/** My account: the login form for guests, the dashboard once logged in. */
import { DEMO_LOGIN } from '../fixtures';
import { escapeHtml } from '../html';
import { passwordToggleIsland } from '../islands';
import { renderDocument, type PageContext } from '../layout';
import { store } from '../store';
import { requiredMark } from './parts';
import { accountNavigation } from '../checkout/account-payment';

export function renderMyAccount(ctx: PageContext, username = ''): string {
  let main = '<h1 class="entry-title">My account</h1><div class="woocommerce">';
  if (ctx.session.loggedIn) {
    const name = escapeHtml(ctx.session.loggedIn);
    const logout = `/my-account/customer-logout/?_wpnonce=${store.nonce(ctx.session, 'log-out')}`;
    main +=
      accountNavigation(store, ctx.session, 'dashboard') +
      '<div class="woocommerce-MyAccount-content">' +
      `<p>Hello <strong>${name}</strong> (not <strong>${name}</strong>? <a href="${logout}">Log out</a>)</p>` +
      '<p>From your account dashboard you can view your recent orders and edit your details. (Not in this demo.)</p></div>';
  } else {
    const password = passwordToggleIsland(ctx.islands, {
      id: 'password',
      name: 'password',
      autocomplete: 'current-password',
      required: true,
      className: 'woocommerce-Input woocommerce-Input--text input-text',
      hydrate: 'idle',
    });
    main +=
      '<h2>Login</h2>' +
      '<form class="woocommerce-form woocommerce-form-login login" method="post" action="/my-account/">' +
      '<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide">' +
      `<label for="username">Username or email address${requiredMark(true)}</label>` +
      `<input type="text" class="woocommerce-Input woocommerce-Input--text input-text" name="username" id="username" autocomplete="username" value="${escapeHtml(username)}" required aria-required="true"></p>` +
      '<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide">' +
      `<label for="password">Password${requiredMark(true)}</label>${password}</p>` +
      '<p class="form-row"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox woocommerce-form-login__rememberme">' +
      '<input class="woocommerce-form__input woocommerce-form__input-checkbox" name="rememberme" type="checkbox" id="rememberme" value="forever"> <span>Remember me</span></label>' +
      `<input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="${store.nonce(ctx.session, 'woocommerce-login')}">` +
      '<input type="hidden" name="_wp_http_referer" value="/my-account/">' +
      '<button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Log in">Log in</button></p>' +
      '<p class="woocommerce-LostPassword lost_password"><a href="/my-account/">Lost your password?</a></p></form>' +
      `<p class="demo-hint">Demo login: <kbd>${DEMO_LOGIN.username}</kbd> / <kbd>${DEMO_LOGIN.password}</kbd></p>`;
  }
  return renderDocument(ctx, {
    title: 'My account',
    bodyClass: 'page woocommerce-account',
    main: `${main}</div>`,
  });
}
