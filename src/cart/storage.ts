/**
 * Web Storage that never throws: private modes, full quotas and disabled storage make the store
 * fall back to asking the server (as cart-fragments.js does when storage is unsupported).
 */
interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

function wrap(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the next page load refreshes from the server.
      }
    },
  };
}

function probe(): boolean {
  try {
    sessionStorage.setItem('wc', 'test');
    sessionStorage.removeItem('wc');
    return true;
  } catch {
    return false;
  }
}

export const storage = {
  session: wrap(() => sessionStorage),
  local: wrap(() => localStorage),
  get available(): boolean {
    return typeof window !== 'undefined' && probe();
  },
};
