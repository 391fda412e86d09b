/**
 * A test double of Stripe.js (the object `Stripe(key)` returns), for tests, stories and the demo
 * store: Stripe.js cannot load from its servers on these machines. Production code never imports
 * this: it calls `loadStripe()`, which uses a `window.Stripe` already on the page, and the demo
 * store prints this double as that `window.Stripe` (demo/stripe/double-script.ts).
 *
 * What it does, as Stripe.js does it for the calls the islands make:
 * - `elements(options)` → a group; `create('payment' | 'expressCheckout', options)` → an element
 *   that `mount(node)` draws into the node (plain inputs, where Stripe draws an iframe: what is typed
 *   never has a `name`, so it never posts with the form, as card data never does), `on`/`off`,
 *   `update`, `destroy`; `'ready'` after mounting, `'change'` as the shopper types.
 * - `elements.submit()` checks what was typed (the element's own validation);
 *   `createPaymentMethod({ elements, params })` makes `pm_double_{last4}_{n}`: the demo's gateway
 *   reads the test card's last 4 digits from it (Stripe's test cards: 4242 succeeds, 3220 asks for
 *   3-D Secure, 0002 is declined, 9995 has insufficient funds).
 * - `confirmPayment` / `confirmSetup` / `handleNextAction` for a client secret: 3-D Secure as a
 *   dialog with 'Complete' and 'Fail' (Stripe's test authentication page), or decided at once
 *   (`authenticate: 'succeed' | 'fail'`).
 * - A group whose `paymentMethodTypes` hold 'blik' draws a choice of Card and BLIK (Stripe's
 *   accordion); BLIK needs no field in the element (its 6-digit code is the integration's, §5), its
 *   payment method is `pm_double_blik_{n}`, and `confirmBlikPayment` asks the shopper to approve in
 *   the banking app (the same dialog as 3-D Secure); the code 000000 is refused by the bank.
 * Every call and every mount is counted in `log` (tests count re-mounts through it).
 */

export interface StripeDoubleOptions {
  /** How a 3-D Secure confirmation ends: a dialog the shopper answers (default), or at once. */
  authenticate?: 'dialog' | 'succeed' | 'fail';
  /** The element fails to load (`loaderror`), as when Stripe's servers cannot be reached. */
  loadError?: boolean;
  /** No wallet can pay in this browser: the express element is ready with none available. */
  noWallet?: boolean;
}

export interface DoubleLog {
  calls: { method: string; args: unknown[] }[];
  /** Payment Element mounts, over the page's life. */
  mounts: number;
  /** Elements groups made. */
  groups: number;
  /** Payment methods made. */
  paymentMethods: number;
  /** Confirmations asked for. */
  confirmations: number;
}

type Handler = (event?: unknown) => void;

const INCOMPLETE = {
  number: { code: 'incomplete_number', message: 'Your card number is incomplete.' },
  expiry: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
  cvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
} as const;

const digits = (s: string) => s.replace(/\D/g, '');

class ElementDouble {
  private handlers = new Map<string, Set<Handler>>();
  private node: HTMLElement | null = null;
  private inputs: { number: HTMLInputElement; expiry: HTMLInputElement; cvc: HTMLInputElement } | null = null;
  private error: HTMLElement | null = null;
  /** The accordion's choice ('card' unless the group offers BLIK and it was picked). */
  selected = 'card';
  destroyed = false;

  constructor(
    readonly type: string,
    public options: Record<string, unknown>,
    private readonly root: StripeDouble,
  ) {}

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }
  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }
  private emit(event: string, payload?: unknown) {
    for (const h of this.handlers.get(event) ?? []) h(payload);
  }

  mount(target: HTMLElement | string): void {
    const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!node) throw new Error('IntegrationError: the mount target is not in the page');
    this.root.log.calls.push({ method: `${this.type}.mount`, args: [] });
    if (this.type === 'payment') this.root.log.mounts += 1;
    this.node = node;
    const host = document.createElement('div');
    host.className = 'stripe-double';
    host.dataset.stripeDouble = this.type;
    node.replaceChildren(host);
    setTimeout(() => {
      if (this.destroyed) return;
      this.emit('loaderstart', { elementType: this.type });
      if (this.root.options.loadError) {
        this.emit('loaderror', {
          elementType: this.type,
          error: { type: 'api_connection_error', message: 'Stripe.js could not reach its servers.' },
        });
        return;
      }
      if (this.type === 'payment') {
        this.drawChoice(host);
        this.drawCard(host);
      } else if (!this.root.options.noWallet) this.drawExpress(host);
      this.emit('ready', {
        elementType: this.type,
        ...(this.type === 'expressCheckout'
          ? {
              availablePaymentMethods: this.root.options.noWallet
                ? undefined
                : { googlePay: true, applePay: false, link: false },
            }
          : {}),
      });
    }, 0);
  }

  private drawCard(host: HTMLElement) {
    const field = (label: string, autocomplete: string, placeholder: string) => {
      const wrap = document.createElement('label');
      wrap.className = 'stripe-double__field';
      const text = document.createElement('span');
      text.textContent = label;
      const input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'numeric';
      input.setAttribute('autocomplete', autocomplete);
      input.placeholder = placeholder;
      input.addEventListener('input', () => this.changed());
      wrap.append(text, input);
      host.append(wrap);
      return input;
    };
    this.inputs = {
      number: field('Card number', 'cc-number', '1234 1234 1234 1234'),
      expiry: field('Expiration date', 'cc-exp', 'MM / YY'),
      cvc: field('Security code', 'cc-csc', 'CVC'),
    };
    this.error = document.createElement('p');
    this.error.className = 'stripe-double__error';
    this.error.setAttribute('role', 'alert');
    host.append(this.error);
  }

  /** Stripe's accordion of methods, when the group offers more than the card (here: BLIK). */
  private drawChoice(host: HTMLElement) {
    const types = this.root.groupTypes(this);
    const offered = (
      [
        ['card', 'Card'],
        ['blik', 'BLIK'],
        ['cashapp', 'Cash App Pay'],
      ] as const
    ).filter(([type]) => type === 'card' || types.includes(type));
    if (offered.length < 2) return;
    const group = document.createElement('div');
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('aria-label', 'Payment method');
    for (const [type, label] of offered) {
      const wrap = document.createElement('label');
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.checked = type === this.selected;
      radio.addEventListener('change', () => {
        this.selected = type;
        host
          .querySelectorAll<HTMLElement>('.stripe-double__field')
          .forEach((f) => (f.hidden = type !== 'card'));
        this.changed();
      });
      group.setAttribute('data-stripe-double-choice', '');
      radio.name = `stripe-double-type-${this.root.log.mounts}`;
      wrap.append(radio, ` ${label}`);
      group.append(wrap);
    }
    host.append(group);
  }

  /**
   * The Express Checkout Element: one 'Pay with test wallet' button (Stripe draws Apple Pay, Google
   * Pay, Link…). A press is Stripe's sequence: `click` (the page resolves the sheet's options within
   * its handler), the wallet's sheet (a dialog 'Test wallet') with the shopper's address: when a
   * shipping address is asked, `shippingaddresschange` with the redacted address wallets give
   * (city, state, postal code, country), its answer's rates listed; picking one is
   * `shippingratechange`; 'Pay' is `confirm` (full billing and shipping details), 'Cancel' is
   * `cancel`. `event.paymentFailed()` in `confirm` shows the failure in the sheet.
   */
  private drawExpress(host: HTMLElement) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'stripe-double__wallet';
    button.textContent = 'Pay with test wallet';
    button.addEventListener('click', () => void this.walletPressed());
    host.append(button);
  }

  private async walletPressed() {
    this.root.log.calls.push({ method: 'expressCheckout.click', args: [] });
    let options: Record<string, unknown> | null = null;
    let refused = false;
    this.emit('click', {
      elementType: this.type,
      expressPaymentType: 'google_pay',
      resolve: (value: Record<string, unknown> = {}) => {
        options = value;
      },
      reject: () => {
        refused = true;
      },
    });
    // Stripe waits (up to 1 s) for the click handler to resolve.
    for (let i = 0; i < 100 && !options && !refused; i++) await tick();
    if (!options || refused) return;
    await new WalletSheet(this, options as Record<string, unknown>).open();
  }

  /** The sheet's events go out through the element's handlers. */
  emitEvent(event: string, payload: Record<string, unknown>) {
    this.root.log.calls.push({ method: `expressCheckout.${event}`, args: [payload] });
    this.emit(event, { elementType: this.type, ...payload });
  }

  private changed() {
    const problem = this.problem();
    if (this.error) this.error.textContent = '';
    this.emit('change', {
      elementType: this.type,
      complete: !problem,
      empty:
        this.selected === 'card' && (!this.inputs || Object.values(this.inputs).every((i) => i.value === '')),
      value: { type: this.selected },
    });
  }

  /** What a submit would complain about, or null. */
  problem(): { code: string; message: string } | null {
    if (!this.inputs || this.selected !== 'card') return null;
    if (digits(this.inputs.number.value).length < 16) return INCOMPLETE.number;
    if (digits(this.inputs.expiry.value).length < 4) return INCOMPLETE.expiry;
    if (digits(this.inputs.cvc.value).length < 3) return INCOMPLETE.cvc;
    return null;
  }

  showProblem(message: string) {
    if (this.error) this.error.textContent = message;
  }

  last4(): string {
    return digits(this.inputs?.number.value ?? '').slice(-4);
  }

  get ready(): boolean {
    return this.inputs !== null;
  }

  update(options: Record<string, unknown>): void {
    this.root.log.calls.push({ method: `${this.type}.update`, args: [options] });
    this.options = { ...this.options, ...options };
  }
  unmount(): void {
    this.node?.replaceChildren();
    this.node = null;
  }
  destroy(): void {
    this.root.log.calls.push({ method: `${this.type}.destroy`, args: [] });
    this.destroyed = true;
    this.unmount();
  }
  focus(): void {
    this.inputs?.number.focus();
  }
}

/** The test wallet's shopper (wallets share a redacted address first, the whole one on Pay). */
export const WALLET_SHOPPER = {
  name: 'Aoife Murphy',
  email: 'aoife@example.ie',
  phone: '+353 1 555 0100',
  address: {
    line1: '1 Grafton Street',
    line2: '',
    city: 'Dublin',
    state: 'D',
    postal_code: 'D02 X285',
    country: 'IE',
  },
} as const;

type Rate = { id: string; displayName?: string; amount?: number };

/** The wallet's payment sheet (a dialog in the document, as Stripe's is a window of its own). */
class WalletSheet {
  private dialog = document.createElement('div');
  private rates: Rate[] = [];
  private rate: Rate | null = null;
  private status = document.createElement('p');
  private list = document.createElement('div');

  constructor(
    private readonly element: ElementDouble,
    private readonly options: Record<string, unknown>,
  ) {}

  async open() {
    const d = this.dialog;
    d.className = 'stripe-double__sheet';
    d.setAttribute('role', 'dialog');
    d.setAttribute('aria-modal', 'true');
    d.setAttribute('aria-label', 'Test wallet');
    const who = document.createElement('p');
    who.textContent = `${WALLET_SHOPPER.name}, ${WALLET_SHOPPER.address.line1}, ${WALLET_SHOPPER.address.city}`;
    this.status.setAttribute('role', 'status');
    const pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay';
    pay.addEventListener('click', () => void this.pay());
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => {
      this.close();
      this.element.emitEvent('cancel', {});
    });
    d.append(who, this.list, this.status, pay, cancel);
    document.body.append(d);
    this.setRates((this.options.shippingRates as Rate[] | undefined) ?? []);
    if (this.options.shippingAddressRequired) {
      const { city, state, postal_code, country } = WALLET_SHOPPER.address;
      const answer = await this.ask('shippingaddresschange', {
        name: WALLET_SHOPPER.name,
        address: { city, state, postal_code, country },
      });
      if (answer === null) {
        this.status.textContent = 'This address cannot be shipped to.';
        pay.disabled = true;
      } else if (Array.isArray(answer.shippingRates)) this.setRates(answer.shippingRates as Rate[]);
    }
    pay.focus();
  }

  private setRates(rates: Rate[]) {
    this.rates = rates;
    this.rate = rates[0] ?? null;
    this.list.replaceChildren();
    if (rates.length === 0) return;
    const group = document.createElement('div');
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('aria-label', 'Shipping');
    rates.forEach((rate, i) => {
      const label = document.createElement('label');
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = 'stripe-double-rate';
      radio.checked = i === 0;
      radio.addEventListener('change', () => {
        this.rate = rate;
        void this.ask('shippingratechange', { shippingRate: rate });
      });
      label.append(radio, ` ${rate.displayName ?? rate.id}`);
      group.append(label);
    });
    this.list.append(group);
  }

  /** An event whose handler answers with resolve(value) or reject(): the value, or null. */
  private ask(event: string, payload: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    return new Promise((done) => {
      this.element.emitEvent(event, {
        ...payload,
        resolve: (value: Record<string, unknown> = {}) => done(value),
        reject: () => done(null),
      });
    });
  }

  private async pay() {
    this.status.textContent = 'Processing…';
    const failed = await new Promise<string | null>((done) => {
      this.element.emitEvent('confirm', {
        expressPaymentType: 'google_pay',
        billingDetails: {
          name: WALLET_SHOPPER.name,
          email: WALLET_SHOPPER.email,
          phone: WALLET_SHOPPER.phone,
          address: { ...WALLET_SHOPPER.address },
        },
        shippingAddress: this.options.shippingAddressRequired
          ? { name: WALLET_SHOPPER.name, address: { ...WALLET_SHOPPER.address } }
          : undefined,
        shippingRate: this.rate ?? undefined,
        paymentFailed: (value: { reason?: string } = {}) => done(value.reason ?? 'fail'),
      });
      // The page's confirm handler goes on (a payment method, an order): the sheet closes once the
      // page leaves or reports a failure; here it closes after a moment either way.
      setTimeout(() => done(null), 1500);
    });
    if (failed) {
      this.status.textContent = 'The payment failed. Try another way to pay.';
      return;
    }
    this.close();
  }

  close() {
    this.dialog.remove();
  }
}

class ElementsDouble {
  readonly elements: ElementDouble[] = [];
  constructor(
    public options: Record<string, unknown>,
    private readonly root: StripeDouble,
  ) {}
  create(type: string, options: Record<string, unknown> = {}): ElementDouble {
    this.root.log.calls.push({ method: 'elements.create', args: [type, options] });
    const element = new ElementDouble(type, options, this.root);
    this.elements.push(element);
    return element;
  }
  getElement(type: string): ElementDouble | null {
    return this.elements.find((e) => e.type === type && !e.destroyed) ?? null;
  }
  update(options: Record<string, unknown>): void {
    this.root.log.calls.push({ method: 'elements.update', args: [options] });
    this.options = { ...this.options, ...options };
  }
  fetchUpdates(): Promise<object> {
    return Promise.resolve({});
  }
  async submit(): Promise<{ error?: { type: string; code: string; message: string } }> {
    this.root.log.calls.push({ method: 'elements.submit', args: [] });
    await tick();
    const payment = this.getElement('payment');
    if (!payment && this.getElement('expressCheckout')) return {};
    if (!payment || !payment.ready) {
      return { error: { type: 'validation_error', code: 'incomplete', message: 'The form is not ready.' } };
    }
    const problem = payment.problem();
    if (problem) {
      payment.showProblem(problem.message);
      return { error: { type: 'validation_error', ...problem } };
    }
    return {};
  }
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The double's Stripe object. */
export class StripeDouble {
  readonly log: DoubleLog = { calls: [], mounts: 0, groups: 0, paymentMethods: 0, confirmations: 0 };
  private groups: ElementsDouble[] = [];

  constructor(
    readonly key: string,
    readonly options: StripeDoubleOptions = {},
  ) {}

  /** The payment method types of the group `element` belongs to. */
  groupTypes(element: ElementDouble): string[] {
    const group = this.groups.find((g) => g.elements.includes(element));
    const types = group?.options.paymentMethodTypes;
    return Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : ['card'];
  }

  elements(options: Record<string, unknown> = {}): ElementsDouble {
    this.log.calls.push({ method: 'elements', args: [options] });
    this.log.groups += 1;
    const group = new ElementsDouble(options, this);
    this.groups.push(group);
    return group;
  }

  async createPaymentMethod(input: {
    elements?: ElementsDouble;
    params?: { billing_details?: Record<string, unknown> };
  }): Promise<{ paymentMethod?: { id: string; type: string }; error?: Record<string, unknown> }> {
    this.log.calls.push({ method: 'createPaymentMethod', args: [input] });
    await tick();
    const payment = input.elements?.getElement('payment');
    if (!payment && input.elements?.getElement('expressCheckout')) {
      // A wallet's card (Google Pay's test card: it pays).
      this.log.paymentMethods += 1;
      return { paymentMethod: { id: `pm_double_wallet_${this.log.paymentMethods}`, type: 'card' } };
    }
    const problem = payment?.problem();
    if (!payment || problem) {
      return { error: { type: 'validation_error', ...(problem ?? INCOMPLETE.number) } };
    }
    const email = input.params?.billing_details?.email;
    if (typeof email === 'string' && email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return {
        error: { type: 'invalid_request_error', code: 'email_invalid', message: 'Invalid email address.' },
      };
    }
    this.log.paymentMethods += 1;
    if (payment.selected !== 'card') {
      const type = payment.selected;
      return { paymentMethod: { id: `pm_double_${type}_${this.log.paymentMethods}`, type } };
    }
    return { paymentMethod: { id: `pm_double_${payment.last4()}_${this.log.paymentMethods}`, type: 'card' } };
  }

  private async authenticate(clientSecret: string): Promise<boolean> {
    const how = this.options.authenticate ?? 'dialog';
    if (how !== 'dialog') return how === 'succeed';
    return new Promise<boolean>((resolve) => {
      const dialog = document.createElement('div');
      dialog.className = 'stripe-double__challenge';
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3D Secure 2 Test Page');
      const text = document.createElement('p');
      text.textContent = `Authenticate the payment (${clientSecret.split('_secret_')[0]}).`;
      const done = (ok: boolean) => () => {
        dialog.remove();
        resolve(ok);
      };
      const complete = document.createElement('button');
      complete.type = 'button';
      complete.textContent = 'Complete';
      complete.addEventListener('click', done(true));
      const fail = document.createElement('button');
      fail.type = 'button';
      fail.textContent = 'Fail';
      fail.addEventListener('click', done(false));
      dialog.append(text, complete, fail);
      document.body.append(dialog);
      complete.focus();
    });
  }

  private async confirm(
    kind: 'paymentIntent' | 'setupIntent',
    clientSecret: string,
  ): Promise<Record<string, unknown>> {
    this.log.confirmations += 1;
    const id = clientSecret.split('_secret_')[0] ?? '';
    const ok = await this.authenticate(clientSecret);
    if (ok) return { [kind]: { id, status: 'succeeded', client_secret: clientSecret } };
    const intentKey = kind === 'paymentIntent' ? 'payment_intent' : 'setup_intent';
    return {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
        [intentKey]: { id, status: 'requires_payment_method' },
      },
    };
  }

  confirmPayment(input: { clientSecret: string }): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmPayment', args: [input] });
    return this.confirm('paymentIntent', input.clientSecret);
  }
  confirmSetup(input: { clientSecret: string }): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmSetup', args: [input] });
    return this.confirm('setupIntent', input.clientSecret);
  }
  handleNextAction(input: { clientSecret: string }): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'handleNextAction', args: [input] });
    return this.confirm(
      input.clientSecret.startsWith('seti_') ? 'setupIntent' : 'paymentIntent',
      input.clientSecret,
    );
  }
  confirmCardPayment(clientSecret: string): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmCardPayment', args: [clientSecret] });
    return this.confirm('paymentIntent', clientSecret);
  }
  confirmCardSetup(clientSecret: string): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmCardSetup', args: [clientSecret] });
    return this.confirm('setupIntent', clientSecret);
  }
  /** The voucher methods (Stripe shows the voucher; the double asks as for 3-D Secure). */
  confirmBoletoPayment(clientSecret: string): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmBoletoPayment', args: [clientSecret] });
    return this.confirm('paymentIntent', clientSecret);
  }
  confirmMultibancoPayment(clientSecret: string): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmMultibancoPayment', args: [clientSecret] });
    return this.confirm('paymentIntent', clientSecret);
  }
  confirmOxxoPayment(clientSecret: string): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmOxxoPayment', args: [clientSecret] });
    return this.confirm('paymentIntent', clientSecret);
  }
  /** The wallets (Stripe shows a QR code or opens the app). */
  confirmWechatPayPayment(clientSecret: string, options?: unknown): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmWechatPayPayment', args: [clientSecret, options] });
    return this.confirm('paymentIntent', clientSecret);
  }
  confirmCashappPayment(clientSecret: string, options?: unknown): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmCashappPayment', args: [clientSecret, options] });
    return this.confirm('paymentIntent', clientSecret);
  }
  confirmCashappSetup(clientSecret: string, options?: unknown): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmCashappSetup', args: [clientSecret, options] });
    return this.confirm('setupIntent', clientSecret);
  }
  /** BLIK (§5): the 6-digit code, then the shopper approves in the banking app (000000: refused). */
  async confirmBlikPayment(
    clientSecret: string,
    data?: { payment_method_options?: { blik?: { code?: unknown } } },
  ): Promise<Record<string, unknown>> {
    this.log.calls.push({ method: 'confirmBlikPayment', args: [clientSecret, data] });
    const code = data?.payment_method_options?.blik?.code;
    const id = clientSecret.split('_secret_')[0] ?? '';
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_method_invalid_parameter',
          message: 'The BLIK code is invalid.',
          payment_intent: { id, status: 'requires_payment_method' },
        },
      };
    }
    if (code === '000000') {
      this.log.confirmations += 1;
      return {
        error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'The BLIK payment was declined in the banking app.',
          payment_intent: { id, status: 'requires_payment_method' },
        },
      };
    }
    return this.confirm('paymentIntent', clientSecret);
  }
  createToken(): Promise<Record<string, unknown>> {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not in the double.' } });
  }
  registerAppInfo(): void {}
  _registerWrapper(): void {}
}

/** `window.Stripe` as Stripe.js defines it: a factory, with the release train's version. */
export function stripeFactory(options: StripeDoubleOptions = {}) {
  const made: StripeDouble[] = [];
  const factory = Object.assign(
    (key: string) => {
      const stripe = new StripeDouble(key, options);
      made.push(stripe);
      return stripe;
    },
    { version: 'endive', made },
  );
  return factory;
}
