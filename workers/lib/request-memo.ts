/**
 * What one browser request has already worked out (the web session, the member's identity, data a
 * page reads more than once), shared by every loader and action of that request: Remix hands each
 * loader its own `Request`, but one load context. Leaving the web session forgets it all.
 *
 * Keys that start with `read:` hold data (an initiative, the own profile): a write through the
 * page's in-process API forgets them (`forgetReads`, workers/app.ts), so a page rendered after an
 * action reads what the action changed. Who the member is (session, membership) stays.
 */
export interface RequestMemo {
  once<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** What is already known under `key`, without computing it. */
  peek<T>(key: string): Promise<T> | undefined;
  forget(): void;
  forgetReads(): void;
}

/** The memo key of data a write may change. */
export const readKey = (key: string) => `read:${key}`;

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
    peek: <T>(key: string) => memo.get(key) as Promise<T> | undefined,
    forget: () => memo.clear(),
    forgetReads() {
      for (const key of [...memo.keys()]) if (key.startsWith("read:")) memo.delete(key);
    },
  };
}
