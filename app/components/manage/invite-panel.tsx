/**
 * Inviting people on /manage/members (issue 15, point 1): one by address, or a CSV (email, name,
 * role) previewed row by row before anything is sent, then sent. Plain forms: they work without
 * JavaScript. The answer says, per row, invited, already in, or why not (the same for an address
 * with an account as for a new one: the person accepts or not).
 */
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { ImportedPerson } from "~/domain/csv-import";

export interface InviteAnswer {
  results: { row: number; email: string; status: string; fields?: Record<string, string> }[];
  invited: number;
  skipped: number;
  invalid: number;
}

export interface InvitePanelProps {
  outcome: { rows: ImportedPerson[]; preview: boolean; answer: InviteAnswer | null; error: string | null } | null;
  roles: readonly string[];
}

const FIELD = "h-10 rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function InvitePanel({ outcome, roles }: InvitePanelProps) {
  const { t } = useTranslation("manage");
  const answer = outcome?.answer ?? null;
  const rowError = (fields: Record<string, string> | undefined) =>
    Object.values(fields ?? {})
      .map((key) => t(key, { defaultValue: t("invitation_status_invalid") }))
      .join(" ");
  return (
    <section aria-labelledby="invite-title" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <h3 id="invite-title" className="text-lg font-semibold">
        {t("invite_title")}
      </h3>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="invite_one" />
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor="invite-email" className="text-sm font-medium">
            {t("invite_email")}
          </label>
          <input id="invite-email" name="email" type="email" required maxLength={320} autoComplete="off" className={FIELD} />
        </div>
        <div className="flex min-w-48 flex-1 flex-col gap-1.5">
          <label htmlFor="invite-name" className="text-sm font-medium">
            {t("invite_name")}
          </label>
          <input id="invite-name" name="name" maxLength={120} autoComplete="off" className={FIELD} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium">
            {t("member_role")}
          </label>
          <select id="invite-role" name="role" defaultValue="member" className={FIELD}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`role_${role}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t("invite_submit")}</Button>
      </Form>

      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="invite_preview" />
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor="invite-csv" className="text-sm font-medium">
            {t("invite_csv")}
          </label>
          <input id="invite-csv" name="csv" type="file" accept=".csv,text/csv" required aria-describedby="invite-csv-hint" className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5" />
          <p id="invite-csv-hint" className="text-xs text-muted-foreground">
            {t("invite_csv_hint")}
          </p>
        </div>
        <Button type="submit" variant="outline">
          {t("invite_preview")}
        </Button>
      </Form>

      {outcome?.error ? <Alert>{t([`invitation_error_${outcome.error.replace(/^invitation_error_/, "")}`, "manage_error_default"])}</Alert> : null}
      {answer ? (
        <div className="flex flex-col gap-3" role="status">
          <p className="font-medium">
            {outcome?.preview ? t("invite_preview_summary", { ...answer }) : t("invite_done_summary", { ...answer })}
          </p>
          <div className="rounded-md border border-border">
            <table className="w-full table-fixed break-words text-left text-sm">
              <caption className="sr-only">{t(outcome?.preview ? "invite_preview_caption" : "invite_done_caption")}</caption>
              <thead className="border-b border-border text-muted-foreground">
                <tr>
                  <th scope="col" className="w-12 p-2 font-medium">#</th>
                  <th scope="col" className="p-2 font-medium">{t("invite_email")}</th>
                  <th scope="col" className="p-2 font-medium">{t("invite_result")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {answer.results.map((result) => (
                  <tr key={result.row}>
                    <td className="p-2">{result.row}</td>
                    <td className="p-2">{result.email || "—"}</td>
                    <td className={result.status === "invalid" ? "p-2 text-destructive" : "p-2"}>
                      {result.status === "invalid" ? rowError(result.fields) : t(`invitation_status_${result.status}${outcome?.preview ? "_preview" : ""}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {outcome?.preview && answer.invited > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="invite_send" />
              <input type="hidden" name="rows" value={JSON.stringify(outcome.rows)} />
              <Button type="submit">{t("invite_send_list", { count: answer.invited })}</Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
