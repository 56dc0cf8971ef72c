/**
 * What one browser request has already worked out (the web session, the member's identity, data a
 * page reads more than once), shared by every loader and action of that request: Remix hands each
 * loader its own `Request`, but one load context. Leaving the web session forgets it all.
 *
 * Keys that start with `read:` hold data (an initiative, the own profile): a write through the
 * page's in-process API forgets them, so a page rendered after an action reads what the action
 * changed. Who the member is (web session, session, memberships) stays unless the write may have
 * changed it: `forgetAfterWrite` below is the one rule, applied by the load context's `api`
 * (workers/app.ts) after every write a page makes.
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

/**
 * The writes that never change who the caller is: their sessions, memberships (role, terms and
 * onboarding versions) and profile. A staff decision, joining, giving, chatting, proposing... After
 * them the page keeps the identity it read (a staff member's no-JavaScript bulk decision reads it
 * once, not again for the page rendered after it). Any other write (/auth, the profile, the
 * administrator's members and settings, sign-up) forgets everything the request had worked out.
 */
const KEEPS_IDENTITY = /^\/api\/[^/]+\/(manage|initiative|chat|calendar|credentials|proposal|push|reminders|exports|geocode|ranking|responsible_profile)(\/|$)/;

/** What a write through the page's in-process API makes stale (see KEEPS_IDENTITY). */
export function forgetAfterWrite(memo: RequestMemo, request: Request) {
  const { pathname } = new URL(request.url);
  // SPEC.md's identity call is a PUT that changes nothing.
  if (request.method === "PUT" && pathname === "/auth/identity") return;
  if (KEEPS_IDENTITY.test(pathname)) memo.forgetReads();
  else memo.forget();
}
