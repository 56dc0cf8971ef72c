import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.name} · Commons` : "Commons" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant } = context;
  return {
    name: tenant.name,
    logo: tenant.logo,
    canCreateAccount: !tenant.community.disable_create_new_account,
    // The organisation's cover and quote (community config, set in /manage/settings).
    cover: tenant.community.cover_url ?? null,
    quote: tenant.community.cover_quote?.visible && tenant.community.cover_quote.quote ? tenant.community.cover_quote : null,
  };
}

const button = "block rounded-md px-4 py-3 text-center font-semibold no-underline";

export default function Welcome() {
  const { name, logo, canCreateAccount, cover, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-5 px-6 py-12 text-center">
      {cover ? <img src={cover} alt="" className="max-h-48 w-full rounded-lg object-cover" /> : null}
      {logo ? <img src={logo} alt={name} className="h-16 self-center" /> : null}
      <h1 className="text-2xl font-bold">{t("welcome_title", { organization: name })}</h1>
      <p className="text-muted-foreground">{t("welcome_subtitle")}</p>
      {quote ? (
        <figure className="flex flex-col gap-1 border-l-4 border-brand px-4 text-left">
          <blockquote className="italic">{quote.quote}</blockquote>
          {quote.author ? (
            <figcaption className="text-sm text-muted-foreground">
              {quote.author}
              {quote.meta ? `, ${quote.meta}` : ""}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {canCreateAccount ? (
        <Link className={`${button} bg-brand text-brand-foreground`} to="/signup">
          {t("welcome_create_account")}
        </Link>
      ) : null}
      <Link className={`${button} border border-brand bg-card text-brand`} to="/signin">
        {t("welcome_signin")}
      </Link>
    </main>
  );
}
