import { describeIssue } from './issue';
import { SETTINGS_ELEMENT_ID, SettingsSchema, type Settings, type SettingsInput } from './settings';

let cached: Settings | null = null;

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/**
 * The page's settings block, validated. Throws a SettingsError saying what is wrong when the block
 * is missing or invalid: islands that need the server catch it and keep their fallback.
 */
export function getSettings(): Settings {
  if (cached) return cached;
  const el = document.getElementById(SETTINGS_ELEMENT_ID);
  if (!el) throw new SettingsError(`[shop-islands] no #${SETTINGS_ELEMENT_ID} block on this page`);
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent ?? '');
  } catch {
    throw new SettingsError(`[shop-islands] #${SETTINGS_ELEMENT_ID} is not valid JSON`);
  }
  const parsed = SettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const { field, problem } = describeIssue(parsed.error);
    throw new SettingsError(`[shop-islands] #${SETTINGS_ELEMENT_ID}: "${field}" ${problem}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests and stories: use these settings instead of reading the page (null: read the page again). */
export function setSettings(settings: SettingsInput | null): void {
  cached = settings ? SettingsSchema.parse(settings) : null;
}
