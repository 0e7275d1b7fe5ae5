/** Calls `fn` once `ms` after the last call; `cancel()` drops a pending call, `flush()` runs it now. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== undefined) {
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      timer = undefined;
      const a = pending as A;
      pending = undefined;
      fn(...a);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
    }
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined && pending) {
      clearTimeout(timer);
      timer = undefined;
      const a = pending;
      pending = undefined;
      fn(...a);
    }
  };
  return debounced;
}
