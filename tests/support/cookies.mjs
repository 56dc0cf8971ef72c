/**
 * One reading of a Set-Cookie header for the test helpers that keep cookies by hand (the browser
 * tests' fast sign-in, the OIDC tests' cookie jar).
 *
 * @param {string} header one Set-Cookie value
 * @param {string} requestPath the path of the request it answered (the default Path is its folder)
 * @returns {{ name: string, value: string, path: string, httpOnly: boolean, sameSite?: "Lax" | "Strict" | "None", expired: boolean } | undefined}
 */
export function parseSetCookie(header, requestPath) {
  const [pair, ...attributes] = header.split(";");
  const eq = pair.indexOf("=");
  if (eq < 1) return undefined;
  const cookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), path: requestPath.slice(0, requestPath.lastIndexOf("/")) || "/", httpOnly: false, expired: false };
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split("=");
    const value = rest.join("=").trim();
    switch (key.trim().toLowerCase()) {
      case "path":
        if (value.startsWith("/")) cookie.path = value;
        break;
      case "max-age":
        if (Number(value) <= 0) cookie.expired = true;
        break;
      case "expires":
        if (Date.parse(value) <= Date.now()) cookie.expired = true;
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "samesite": {
        const sameSite = { lax: "Lax", strict: "Strict", none: "None" }[value.toLowerCase()];
        if (sameSite) cookie.sameSite = sameSite;
        break;
      }
    }
  }
  return cookie;
}
