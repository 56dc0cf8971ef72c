/*
 * Commons' service worker (issue 29, section 3; docs/decisions/046-web-push-and-offline.md).
 * Registered by app/components/push/service-worker.tsx after the page's load event, so it is never
 * on a first visit's critical path.
 *
 * - Push: shows the notification the Worker sent (workers/push/messages.ts: title, body, url, tag)
 *   and opens its page on click.
 * - Offline: pages are network first, always. Only when the network fails does it answer from the
 *   copies it kept of "my initiatives" (/initiative), an initiative's detail and its participation
 *   page with the check-in QR (/initiative/{slug}, /initiative/{slug}/participate) and the staff
 *   check-in desk (/manage/initiatives/{id}/checkin), with their data requests (`.data`), else the
 *   offline page. Built assets (/assets/, names hashed) are cache first.
 * - Whose copies: the kept pages belong to one member. A sign-out (a page of /signin, /welcome or
 *   /logout arrives, or the page says so) or another member (the page names its viewer) empties
 *   them before anything else is kept.
 */
const PAGES = "commons-pages-v1";
const ASSETS = "commons-assets-v1";
const OFFLINE_URL = "/offline";
/** A pseudo-entry in PAGES: whose pages these are. */
const OWNER_KEY = "/__commons-owner";
/** Pages seen only by someone signed out: reaching one means the kept pages are nobody's now. */
const SIGNED_OUT = /^\/(signin|welcome|logout)(\/|$)/;
const KEPT = [/^\/initiative\/?$/, /^\/initiative\/[^/]+\/?$/, /^\/initiative\/[^/]+\/participate\/?$/, /^\/manage\/initiatives\/[^/]+\/checkin\/?$/];

/** The page a URL (or its Remix `.data` request) stands for. */
function pagePath(url) {
  const path = url.pathname.replace(/\.data$/, "");
  return path === "/_root" ? "/" : path;
}

const isKept = (url) => url.origin === self.location.origin && KEPT.some((pattern) => pattern.test(pagePath(url)));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      // The offline page in the member's language; it holds nothing of theirs.
      const response = await fetch(OFFLINE_URL, { credentials: "same-origin" }).catch(() => null);
      if (response?.ok) await cache.put(OFFLINE_URL, response);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== PAGES && name !== ASSETS) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** Forgets every kept page (the offline page stays: it is nobody's). */
async function forgetPages() {
  const cache = await caches.open(PAGES);
  for (const request of await cache.keys()) if (new URL(request.url).pathname !== OFFLINE_URL) await cache.delete(request);
}

async function ownerOf(cache) {
  const entry = await cache.match(OWNER_KEY);
  return entry ? entry.text() : null;
}

/** A page names its viewer: another member's kept pages go before this one's are kept. */
async function setViewer(id) {
  const cache = await caches.open(PAGES);
  if ((await ownerOf(cache)) === id) return;
  await forgetPages();
  await cache.put(OWNER_KEY, new Response(id));
}

async function keep(request, response) {
  const cache = await caches.open(PAGES);
  // Nobody named as owner yet (the page has not said who it is for): keep nothing.
  if (!(await ownerOf(cache))) return;
  await cache.put(request, response);
}

async function networkFirst(event) {
  const { request } = event;
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    const landed = new URL(response.url || request.url);
    if (SIGNED_OUT.test(landed.pathname)) event.waitUntil(forgetPages());
    else if (response.ok && !response.redirected && isKept(url)) event.waitUntil(keep(request, response.clone()));
    return response;
  } catch (failure) {
    const cache = await caches.open(PAGES);
    const kept = isKept(url) ? await cache.match(request) : undefined;
    if (kept) return kept;
    if (request.mode === "navigate") {
      const offline = await cache.match(OFFLINE_URL);
      if (offline) return offline;
    }
    throw failure;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) return event.respondWith(cacheFirst(request));
  if (request.mode === "navigate" || url.pathname.endsWith(".data")) return event.respondWith(networkFirst(event));
});

/**
 * Keeps what the page already loaded before this worker controlled it: its assets and the kept
 * pages it names, each only when no copy is kept yet. Every signed-in page sends its list after
 * load, so fetching what is kept already would load each page twice and every initiative linked
 * from "my initiatives" on each visit; a kept page is renewed whenever the member opens it
 * (network first).
 */
async function warm(urls) {
  const pages = await caches.open(PAGES);
  const assets = await caches.open(ASSETS);
  for (const text of urls) {
    const url = new URL(text, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    const isAsset = url.pathname.startsWith("/assets/");
    if (!isAsset && !isKept(url)) continue;
    const cache = isAsset ? assets : pages;
    if (await cache.match(url.href)) continue;
    if (!isAsset && !(await ownerOf(pages))) continue;
    try {
      const response = await fetch(url.href, { credentials: "same-origin" });
      if (SIGNED_OUT.test(new URL(response.url || url.href).pathname)) return forgetPages();
      if (response.ok && !response.redirected) await cache.put(url.href, response);
    } catch {
      return; // offline now: nothing more to keep
    }
  }
}

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  if (message.type === "viewer" && typeof message.id === "string") event.waitUntil(setViewer(message.id).then(() => warm(Array.isArray(message.urls) ? message.urls : [])));
  else if (message.type === "signed-out") event.waitUntil(forgetPages());
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || self.location.host, {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: "/app-icon/192.png",
      badge: "/app-icon/192.png",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/wall" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/wall", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});

/** The push service renewed the subscription: tell the Worker the new one (the session cookie rides along). */
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const renewed = event.newSubscription ?? (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!renewed) return;
      await fetch("/push/subscription", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(renewed.toJSON()), credentials: "same-origin" });
    })(),
  );
});
