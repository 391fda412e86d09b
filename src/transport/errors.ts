/** Every failure of a server call is one of these; widgets switch on `kind`, never on messages. */
export type TransportErrorKind =
  | 'network' // no response (offline, DNS, connection reset)
  | 'timeout' // no response within the call's timeout
  | 'abort' // the caller aborted (a newer request replaced it, the island unmounted)
  | 'http' // a response with a non-2xx status
  | 'schema'; // a 2xx response whose body is not what the contract says (incl. malformed JSON, HTML)

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly details: {
      url?: string;
      status?: number;
      /** WordPress error code (`rest_cookie_invalid_nonce`…) when the body carried one. */
      code?: string;
      /** The raw body, when one was read. */
      body?: string;
      /**
       * The X-WP-Nonce header of an HTTP error answer, when it carried one (WordPress, or a plugin
       * such as the smart search, hands out a fresh nonce with a `rest_cookie_invalid_nonce` 403).
       */
      nonce?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

export const isAbort = (error: unknown): boolean => error instanceof TransportError && error.kind === 'abort';
