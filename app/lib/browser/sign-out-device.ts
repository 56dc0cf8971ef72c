/**
 * The sign-out button's part on this device (decision 046): the service worker drops the member's
 * kept pages and the browser's push subscription is ended. The code that does it loads only when the
 * button is pressed; the Worker removes the session's subscriptions anyway, and the service worker
 * empties its copies when /signin arrives, so a sign-out that outruns this loses nothing.
 */
export function signOutDevice() {
  import("./push-device").then(({ signOutDevice: signOut }) => signOut()).catch(() => undefined);
}
