/**
 * The card provider's confirmation routes of the URL hash (checkout.md §2 "URL hash routes"): what
 * the checkout, order-pay and express checkout read after a payment the provider must confirm.
 * Pure functions, no other import: every island that reads a route loads only this.
 */

/** §2: the voucher methods (a voucher shown to the shopper) and the wallets of the wallet route. */
export const VOUCHER_TYPES = ['boleto', 'multibanco', 'oxxo'] as const;
export const WALLET_TYPES = ['wechat_pay', 'cashapp'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** A confirmation route of the URL hash (§2 "URL hash routes"). */
export type HashRoute =
  | { kind: 'confirm'; intent: 'pi' | 'si'; orderId: string; clientSecret: string; nonce: string }
  | { kind: 'legacy'; intent: 'pi' | 'si'; clientSecret: string; redirectUrl: string }
  | { kind: 'voucher'; orderId: string; method: VoucherType; clientSecret: string; returnUrl: string }
  | {
      kind: 'wallet';
      orderId: string;
      /** A wallet type of the route (checked against {@link WALLET_TYPES} when confirming: §8). */
      method: string;
      intent: 'pi' | 'si';
      clientSecret: string;
      returnUrl: string;
      nonce: string;
    };

const decoded = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

const CLIENT_SECRET = /^(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/;

/**
 * Reads a confirmation hash (`#wc-{provider}-confirm-{pi|si}:{orderId}:{clientSecret}:{nonce}`,
 * `#confirm-{pi|si}-{clientSecret}:{redirectUrl}`). Anything of another shape is null: a hash is
 * page content anyone can link to, so each part must be what it says (an order number, a client
 * secret of the intent's kind, a nonce).
 */
export function parseHashRoute(hash: string, provider: string): HashRoute | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `wc-${provider}-confirm-`;
  if (h.startsWith(prefix)) {
    const m = /^(pi|si):(\d{1,20}):([^:]+):([A-Za-z0-9]{1,64})$/.exec(h.slice(prefix.length));
    if (!m) return null;
    const intent = m[1] as 'pi' | 'si';
    const clientSecret = m[3]!;
    if (!CLIENT_SECRET.test(clientSecret) || !clientSecret.startsWith(intent === 'pi' ? 'pi_' : 'seti_'))
      return null;
    return { kind: 'confirm', intent, orderId: m[2]!, clientSecret, nonce: m[4]! };
  }
  const voucherPrefix = `wc-${provider}-voucher-`;
  if (h.startsWith(voucherPrefix)) {
    // The return URL is last and may hold ':' (its scheme): everything after the third ':'.
    const m = /^(\d{1,20}):([a-z_]+):([^:]+):(.+)$/.exec(h.slice(voucherPrefix.length));
    const returnUrl = m ? decoded(m[4]!) : null;
    if (!m || returnUrl === null || !CLIENT_SECRET.test(m[3]!)) return null;
    if (!(VOUCHER_TYPES as readonly string[]).includes(m[2]!)) return null;
    return { kind: 'voucher', orderId: m[1]!, method: m[2] as VoucherType, clientSecret: m[3]!, returnUrl };
  }
  const walletPrefix = `wc-${provider}-wallet-`;
  if (h.startsWith(walletPrefix)) {
    const m =
      /^(\d{1,20}):([a-z_]+):(pi|si|payment_intent|setup_intent):([^:]+):(.+):([A-Za-z0-9]{1,64})$/.exec(
        h.slice(walletPrefix.length),
      );
    const returnUrl = m ? decoded(m[5]!) : null;
    if (!m || returnUrl === null || !CLIENT_SECRET.test(m[4]!)) return null;
    const intent = m[3] === 'si' || m[3] === 'setup_intent' ? 'si' : 'pi';
    return {
      kind: 'wallet',
      orderId: m[1]!,
      method: m[2]!,
      intent,
      clientSecret: m[4]!,
      returnUrl,
      nonce: m[6]!,
    };
  }
  const legacy = /^confirm-(pi|si)-([^:]+):(.+)$/.exec(h);
  if (legacy) {
    const intent = legacy[1] as 'pi' | 'si';
    const clientSecret = legacy[2]!;
    if (!CLIENT_SECRET.test(clientSecret)) return null;
    let redirectUrl: string;
    try {
      redirectUrl = decodeURIComponent(legacy[3]!);
    } catch {
      return null;
    }
    return { kind: 'legacy', intent, clientSecret, redirectUrl };
  }
  return null;
}

/** Whether a hash is meant for the provider (a route, or a malformed one to refuse). */
export function isProviderHash(hash: string, provider: string): boolean {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h.startsWith(`wc-${provider}-`) || /^confirm-(pi|si)-/.test(h);
}
