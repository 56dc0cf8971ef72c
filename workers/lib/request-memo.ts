/**
 * What one browser request has already worked out (the web session, the member's identity), shared by
 * every loader and action of that request: Remix hands each loader its own `Request`, but one load
 * context. A write through the API forgets it all, so a page rendered after an action reads fresh.
 */
export interface RequestMemo {
  once<T>(key: string, compute: () => Promise<T>): Promise<T>;
  forget(): void;
}

export function createRequestMemo(): RequestMemo {
  const memo = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, compute: () => Promise<T>) {
      let value = memo.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        memo.set(key, value);
        // A failure is not remembered: the next caller tries again.
        value.catch(() => memo.get(key) === value && memo.delete(key));
      }
      return value;
    },
    forget: () => memo.clear(),
  };
}
