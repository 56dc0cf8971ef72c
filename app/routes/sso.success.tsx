import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { localPath } from "~/domain/same-origin";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "common", "sso_success_title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { next: localPath(new URL(request.url).searchParams.get("next")) ?? "/", nonce: context.cspNonce };
}

// SPEC.md section 2: reload the opener and close after 1 s; without an opener, go on in this window.
export default function SsoSuccess() {
  const { next, nonce } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const script = `setTimeout(function(){var o=window.opener;if(o&&!o.closed){try{o.location.reload()}catch(e){}window.close()}else{location.replace(${JSON.stringify(next).replace(/</g, "\\u003c")})}},1000);`;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{t("sso_success_title")}</h1>
      <p>{t("sso_success_body")}</p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </main>
  );
}
