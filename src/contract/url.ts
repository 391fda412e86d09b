/**
 * URL fields of props and answers (issue #11): a URL the island renders or follows must be http(s)
 * (relative ones resolve to the page). Props with another (`javascript:`, `data:`) are invalid: the
 * island is not mounted, its fallback stays and one console error names the field.
 */
import * as z from 'zod/mini';
import { httpUrl, isSafeSrcset } from '../security/url';

export const HttpUrl = z.string().check(
  z.minLength(1),
  z.refine((value) => httpUrl(value) !== null, 'must be an http(s) URL'),
);

export const Srcset = z.string().check(z.refine(isSafeSrcset, 'must list http(s) URLs only'));
