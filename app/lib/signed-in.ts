import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_app";

/** The signed-in layout's data (member, organisation, settings), for the pages inside it. */
export function useSignedIn() {
  return useRouteLoaderData<typeof loader>("routes/_app")!;
}
