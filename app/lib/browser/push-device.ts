/**
 * This browser's part of web push and the offline copies (decision 046): the service worker's
 * registration after the page has loaded, the subscription with the organisation's VAPID key, and
 * telling the Worker (through /push/subscription, as the signed-in member) and the service worker.
 */

/** Whether this browser can receive push at all (iOS only once the app is installed). */
export const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const SW_URL = "/sw.js";
/** Set when the member answered the join prompt (either way): it is not asked again on this device. */
const PROMPT_ANSWERED = "commons:push-prompt";

/**
 * Registers the service worker once the page has loaded (never on a first visit's critical path),
 * then names the page's viewer to it, with what the page loaded, so another member's kept pages go
 * and this page's assets are kept (public/sw.js).
 */
export function registerServiceWorker(viewer: string) {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SW_URL, { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
        const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/initiative/"]')].flatMap((link) => [link.href, `${link.href.replace(/\/$/, "")}/participate`]);
        registration.active?.postMessage({ type: "viewer", id: viewer, urls: [location.href, ...loaded, ...(location.pathname === "/initiative" ? links : [])] });
      })
      .catch(() => undefined);
  };
  if (document.readyState === "complete") setTimeout(register, 0);
  else window.addEventListener("load", () => setTimeout(register, 0), { once: true });
}

/** Signing out on this device: no kept page outlives it, and this browser stops getting the member's notifications. */
export async function signOutDevice() {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: "signed-out" });
  const subscription = await registration?.pushManager?.getSubscription();
  // The Worker removes the session's subscriptions itself when it signs out.
  await subscription?.unsubscribe().catch(() => false);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type PushState = { available: boolean; public_key: string | null; subscribed: boolean };

/** What the Worker says: push available, its key, and whether it holds this browser's subscription for the signed-in member. */
export async function pushState(subscription?: PushSubscription | null): Promise<PushState> {
  const query = subscription ? `?${new URLSearchParams({ endpoint: subscription.endpoint })}` : "";
  const response = await fetch(`/push/subscription${query}`, { headers: { accept: "application/json" } });
  if (!response.ok) return { available: false, public_key: null, subscribed: false };
  return (await response.json()) as PushState;
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
};

export type SubscribeOutcome = "on" | "denied" | "failed";

/** Asks the browser (its permission prompt) and the push service, then hands the subscription to the Worker. */
export async function subscribe(publicKey: string): Promise<SubscribeOutcome> {
  if (!pushSupported()) return "failed";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register(SW_URL, { scope: "/" }));
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const response = await fetch("/push/subscription", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(subscription.toJSON()) });
    return response.ok ? "on" : "failed";
  } catch {
    return "failed";
  }
}

/** Turns push off on this device: the Worker forgets the subscription, and the browser drops it. */
export async function unsubscribe(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return true;
  const response = await fetch("/push/subscription", { method: "DELETE", headers: { "content-type": "application/json" }, body: JSON.stringify({ endpoint: subscription.endpoint }) });
  if (!response.ok) return false;
  await subscription.unsubscribe().catch(() => false);
  return true;
}

/** Whether the member has decided about push on this device (the browser's permission, or the prompt answered). */
export function pushDecided(): boolean {
  if (!pushSupported()) return true;
  if (Notification.permission !== "default") return true;
  try {
    return localStorage.getItem(PROMPT_ANSWERED) !== null;
  } catch {
    return true;
  }
}

export function rememberPromptAnswered() {
  try {
    localStorage.setItem(PROMPT_ANSWERED, String(Date.now()));
  } catch {
    // Private mode without storage: the prompt may show again.
  }
}
