/**
 * Runs tasks one at a time, in the order they were queued; a failing task does not stop the ones
 * after it (storefront.md §4 "Cart request queue": add and remove requests one at a time, in order).
 */
export interface Queue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks queued or running. */
  readonly size: number;
}

export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(task);
      const settle = () => {
        size -= 1;
      };
      tail = result.then(settle, settle);
      return result;
    },
    get size() {
      return size;
    },
  };
}
