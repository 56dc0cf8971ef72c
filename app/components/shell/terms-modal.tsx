import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";

export type TermsKind = "platform" | "organization";

/**
 * The two non-closable modals of SPEC.md section 2: product terms, then the organisation's
 * volunteering policy. No close button, no escape: accepting is the only way on. Plain markup, so
 * it also works before (or without) JavaScript; the page behind is inert.
 */
export function TermsModal({ kind, url, organization }: { kind: TermsKind; url: string | null; organization: string }) {
  const { t } = useTranslation("shell");
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-0 lg:items-center lg:p-6">
      <div role="dialog" aria-modal="true" aria-labelledby="terms-title" aria-describedby="terms-body" className="w-full max-w-lg rounded-t-xl bg-card p-6 shadow-xl lg:rounded-xl">
        <h2 id="terms-title" className="text-xl font-semibold">
          {t(kind === "platform" ? "terms_platform_title" : "terms_org_title", { organization })}
        </h2>
        <p id="terms-body" className="mt-3 text-muted-foreground">
          {t(kind === "platform" ? "terms_platform_body" : "terms_org_body", { organization })}
        </p>
        {url ? (
          <p className="mt-3">
            <a href={url} target="_blank" rel="noreferrer" className="font-medium text-brand underline">
              {t(kind === "platform" ? "terms_platform_read" : "terms_org_read")}
            </a>
          </p>
        ) : null}
        <Form method="post" action="/accept-terms" className="mt-6">
          <input type="hidden" name="kind" value={kind} />
          <Button type="submit" className="w-full" autoFocus>
            {t("terms_accept")}
          </Button>
        </Form>
      </div>
    </div>
  );
}
