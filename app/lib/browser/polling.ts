/**
 * What the browser's background tasks share while they poll the server (the social CV's PDF,
 * staff exports): a wait that ends early when the page leaves, and a JSON answer read without
 * throwing (a failed or garbled poll is "no answer", which each task turns into its own failure).
 */

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The answer's JSON body when it is a success and parses; null otherwise. */
export async function readJson<T>(response: Response): Promise<T | null> {
  if (!response.ok) return null;
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}
