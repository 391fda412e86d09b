/**
 * The general admin call (storefront.md §7 "General admin call"): POST /wp-admin/admin-ajax.php
 * with an `action` field plus other data. An answer of '1' is a success; otherwise the answer is
 * the JSON of WordPress's `wp_send_json_success()` / `wp_send_json_error()`, `{ success, data }`.
 * For the action `query-attachments` the total is read from the X-WP-Total response header.
 *
 * Anything else ('0': no handler for the action; '-1': `check_ajax_referer()` refused the nonce;
 * HTML; malformed JSON) is not the contract: a TransportError of kind 'schema' (or 'http' for an
 * error status, such as the 403 that comes with '-1'), as every endpoint's failures are.
 */
import * as z from 'zod/mini';
import { adminAjax, type FormInput, type RequestOptions } from '../transport/client';
import { TransportError } from '../transport/errors';

/** The answer of a general admin call. */
export interface AdminCallAnswer {
  /** True for '1', else the JSON's `success`. */
  success: boolean;
  /** The JSON's `data` (undefined for '1' and for a JSON answer without it). Hostile: check it. */
  data: unknown;
  /** `query-attachments` only: the X-WP-Total header (absent when the header is missing or not a count). */
  total?: number;
}

export interface AdminCallOptions extends RequestOptions {
  /**
   * An admin-ajax URL of this site other than the settings' `ajax_url` (a form's own `action`);
   * same-origin only, as every ajax call.
   */
  url?: string;
}

/** The action whose total travels in a header. */
export const QUERY_ATTACHMENTS = 'query-attachments';

/** The body is handed over as text and read here: '1' is not JSON's idea of a success. */
const TEXT = z.string();

/** `{ success, data }` from an admin-ajax body, or null when it is neither '1' nor that JSON. */
export function readAdminAnswer(body: string): Omit<AdminCallAnswer, 'total'> | null {
  if (body.trim() === '1') return { success: true, data: undefined };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { success, data } = value as { success?: unknown; data?: unknown };
  return typeof success === 'boolean' ? { success, data } : null;
}

/** X-WP-Total as a count, or undefined. */
function readTotal(headers: Headers): number | undefined {
  const raw = headers.get('X-WP-Total')?.trim() ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * POST `action` with `fields` to admin-ajax.php (never retried). Resolves with the answer, a
 * failure included (`success: false`, the server's `data`); rejects with a TransportError when no
 * answer of the contract came (network, timeout, abort, an HTTP error, '0', '-1', malformed JSON).
 */
export async function adminCall(
  action: string,
  fields: FormInput,
  { url, ...options }: AdminCallOptions = {},
): Promise<AdminCallAnswer> {
  let total: number | undefined;
  const onHeaders =
    action === QUERY_ATTACHMENTS ? (headers: Headers) => void (total = readTotal(headers)) : undefined;
  const body = await adminAjax(action, fields, {
    ...options,
    url,
    schema: TEXT,
    responseType: 'text',
    onHeaders,
  });
  const answer = readAdminAnswer(body);
  if (!answer) {
    throw new TransportError(
      'schema',
      `admin-ajax "${action}": the answer is neither "1" nor JSON with a boolean "success"`,
      { url: url ?? 'admin-ajax.php', body },
    );
  }
  return total === undefined ? answer : { ...answer, total };
}
