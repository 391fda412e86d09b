import { useLayoutEffect } from 'react';

/** §9: the login form is scrolled to 50 px above it over 300 ms. */
const LOGIN_OFFSET_PX = 50;

/** Shows or hides a region the way WooCommerce's slide does (`display`), with our 400 ms reveal. */
export function setShown(el: HTMLElement, shown: boolean): void {
  const now = el.style.display !== 'none' && !el.hidden;
  if (now === shown) return;
  el.hidden = false;
  el.style.display = shown ? '' : 'none';
  if (shown) {
    el.classList.remove('shop-islands-reveal');
    // Restart the animation (a reflow between removing and adding the class).
    void el.offsetWidth;
    el.classList.add('shop-islands-reveal');
  }
}

const isShown = (el: HTMLElement) => el.style.display !== 'none' && !el.hidden;

/**
 * The checkout's disclosures (checkout.md §2, §4): the login and coupon forms opened by their links,
 * the terms text by its link, the shipping address by its box, the account box by 'Create an
 * account?' (its password cleared when ticked). The links get `aria-expanded`.
 */
export function useToggles(container: HTMLElement, form: HTMLFormElement | null): void {
  useLayoutEffect(() => {
    const login = container.querySelector<HTMLElement>('form.woocommerce-form-login');
    const coupon = container.querySelector<HTMLElement>('form.checkout_coupon');
    const shippingBox = form?.querySelector<HTMLInputElement>('#ship-to-different-address input');
    const shippingAddress = form?.querySelector<HTMLElement>('div.shipping_address');
    const createAccount = form?.querySelector<HTMLInputElement>('#createaccount');
    const accountBox = form?.querySelector<HTMLElement>('div.create-account');

    const links = (selector: string) => Array.from(container.querySelectorAll<HTMLElement>(selector));
    const sync = () => {
      for (const link of links('a.showlogin'))
        if (login) link.setAttribute('aria-expanded', String(isShown(login)));
      for (const link of links('a.showcoupon'))
        if (coupon) link.setAttribute('aria-expanded', String(isShown(coupon)));
    };
    if (shippingBox && shippingAddress) setShown(shippingAddress, shippingBox.checked);
    if (createAccount && accountBox) setShown(accountBox, createAccount.checked);
    // WooCommerce 9.9 names the coupon link 'Enter your coupon code' while it reads 'Click here to
    // enter your code': speech users say what they see (WCAG 2.5.3), so the visible words name it.
    const renamed: [HTMLElement, string][] = [];
    for (const link of links('a.showcoupon')) {
      const label = link.getAttribute('aria-label');
      const text = (link.textContent ?? '').trim();
      if (label && text && !text.toLowerCase().includes(label.toLowerCase())) {
        renamed.push([link, label]);
        link.removeAttribute('aria-label');
      }
    }
    for (const link of links('a.showlogin')) {
      link.setAttribute('role', 'button');
      if (login?.id) link.setAttribute('aria-controls', login.id);
    }
    sync();

    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const loginLink = target.closest?.('a.showlogin');
      const couponLink = target.closest?.('a.showcoupon');
      const termsLink = target.closest?.<HTMLAnchorElement>('a.woocommerce-terms-and-conditions-link');
      if (loginLink && login) {
        event.preventDefault();
        const open = !isShown(login);
        setShown(login, open);
        if (open) {
          const top = login.getBoundingClientRect().top + window.scrollY - LOGIN_OFFSET_PX;
          window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
          login.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus({ preventScroll: true });
        }
      } else if (couponLink && coupon) {
        event.preventDefault();
        const open = !isShown(coupon);
        setShown(coupon, open);
        if (open) coupon.querySelector<HTMLInputElement>('input[name="coupon_code"]')?.focus();
      } else if (termsLink) {
        const text = container.querySelector<HTMLElement>('.woocommerce-terms-and-conditions');
        if (!text) return; // no text on the page: the link opens the terms page
        event.preventDefault();
        const open = !isShown(text);
        setShown(text, open);
        termsLink.setAttribute('aria-expanded', String(open));
      } else return;
      sync();
    };
    const onChange = (event: Event) => {
      const target = event.target;
      if (shippingBox && target === shippingBox && shippingAddress) {
        setShown(shippingAddress, shippingBox.checked);
      } else if (createAccount && target === createAccount && accountBox) {
        if (createAccount.checked) {
          const password = form?.querySelector<HTMLInputElement>('#account_password');
          if (password) password.value = '';
        }
        setShown(accountBox, createAccount.checked);
      }
    };
    container.addEventListener('click', onClick);
    container.addEventListener('change', onChange);
    return () => {
      for (const [link, label] of renamed) link.setAttribute('aria-label', label);
      container.removeEventListener('click', onClick);
      container.removeEventListener('change', onChange);
    };
  }, [container, form]);
}
