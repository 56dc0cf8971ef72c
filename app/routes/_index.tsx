import { redirect } from "@remix-run/cloudflare";

// Signed-in members go through /loading (the web-app screens); everyone else starts at /welcome.
export const loader = () => redirect("/welcome");
