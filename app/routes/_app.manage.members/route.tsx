/**
 * /manage/members: the organisation's members for its administrators (issue 15, point 1): search
 * and filters, each member's role and line manager, switching an account off or on, removing a
 * member, deleting an account on its owner's request (decision 034), the CSV.
 * Every form posts without JavaScript; other staff and members get a 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { FilterSelect, Labelled, ListState, ManageSection, OutcomeAlert, STAFF_FIELD } from "~/components/manage/decision-parts";
import { Avatar } from "~/components/shell/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { MEMBER_ROLE_FILTERS, MEMBER_STATUS_FILTERS } from "~/domain/manage";
import { ACCOUNT_DELETION_GRACE_DAYS } from "~/domain/account-deletion";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { ExportButton } from "~/components/manage/export-button";
import { InvitePanel } from "~/components/manage/invite-panel";
import { MemberImpactFields } from "~/components/manage/member-impact-fields";
import { changeMember, deleteAccountAction, inviteMembersAction, loadMembers, memberImpactAction, removeMemberAction } from "./members.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "members_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadMembers(args);
  return data(loaded, { status: loaded.list ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const { status, outcome } = intent.startsWith("invite_")
    ? await inviteMembersAction(args, form)
    : intent === "remove"
      ? await removeMemberAction(args, form)
      : intent === "delete_account"
        ? await deleteAccountAction(args, form)
        : intent === "impact"
          ? await memberImpactAction(args, form)
          : await changeMember(args, form);
  return data(outcome, { status });
}

const ROLES = MEMBER_ROLE_FILTERS.filter((role) => role !== "");

export default function ManageMembers() {
  const { filters, list, managers } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const invited = answered && "intent" in answered ? answered : null;
  const outcome = answered && !("intent" in answered) ? answered : undefined;
  const { t, i18n } = useTranslation("manage");
  const location = useLocation();
  const query = (extra: Record<string, string>) => `?${new URLSearchParams({ ...filters, ...extra } as Record<string, string>)}`;
  const csvFilters = filters as Record<string, string>;
  return (
    <ManageSection id="members-title" title={t("members_title")} intro={t("members_intro")}>
      <Form method="get" role="search" aria-label={t("members_search_label")} className="flex flex-wrap items-end gap-3">
        <Labelled id="members-q" label={t("members_search_label")} className="min-w-48 flex-1">
          <input id="members-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={`${STAFF_FIELD} px-3 text-base`} />
        </Labelled>
        <FilterSelect id="members-role" name="role" label={t("member_role")} value={filters.role ?? ""} options={ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }))} />
        <FilterSelect
          id="members-status"
          name="status"
          label={t("filter_status")}
          value={filters.status}
          options={MEMBER_STATUS_FILTERS.map((status) => ({ value: status, label: t(`member_status_${status}`) }))}
          any={false}
        />
        <Button type="submit" variant="outline">
          {t("members_search")}
        </Button>
        <ExportButton kind="members" query={new URLSearchParams(csvFilters).toString()} label={t("members_download")} />
      </Form>
      <InvitePanel outcome={invited} roles={ROLES} />
      {/* Refusals show at their member's row; what was done, here. */}
      <OutcomeAlert outcome={outcome?.done ? outcome : undefined} done={(intent) => t(`done_member_${intent}`)} />
      {/* The total where kept counts give it (decision 043); a search or a status shows its pages without one. */}
      {list && list.total !== null ? <p className="text-sm text-muted-foreground">{t("members_total", { count: list.total })}</p> : null}
      {list?.members.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {list.members.map((member) => {
            const name = member.name || member.email;
            const choices = managers.some((m) => m.id === member.manager?.id) || !member.manager ? managers : [...managers, { id: member.manager.id, name: member.manager.name }];
            return (
              <li key={member.id} className="flex flex-col gap-3 p-4" aria-labelledby={`member-${member.id}`}>
                <div className="flex items-center gap-3">
                  <Avatar name={name} src={member.avatar} />
                  <div className="min-w-0 flex-1">
                    <p id={`member-${member.id}`} className="font-medium">
                      {name}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{member.email}</p>
                  </div>
                  {member.disabled ? <span className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive">{t("member_status_disabled")}</span> : null}
                  {member.deletion_due_at ? (
                    <span className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive">
                      {t("member_deletion_due", { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(member.deletion_due_at)) })}
                    </span>
                  ) : null}
                </div>
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="save" />
                  <input type="hidden" name="id" value={member.id} />
                  <Labelled id={`role-${member.id}`} label={<>{t("member_role")} <span className="sr-only">({name})</span></>}>
                    <select id={`role-${member.id}`} name="role" defaultValue={member.role} className={STAFF_FIELD}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`role_${role}`)}
                        </option>
                      ))}
                    </select>
                  </Labelled>
                  <Labelled id={`manager-${member.id}`} label={<>{t("member_manager")} <span className="sr-only">({name})</span></>} className="min-w-48">
                    <select id={`manager-${member.id}`} name="manager_member_id" defaultValue={member.manager?.id ?? ""} className={STAFF_FIELD}>
                      <option value="">{t("member_manager_none")}</option>
                      {choices
                        .filter((m) => m.id !== member.id)
                        .map((m) => (
                          <option key={m.id} value={m.id}>
                            {m.name}
                          </option>
                        ))}
                    </select>
                  </Labelled>
                  <Button type="submit" size="sm" aria-label={t("member_save_named", { name })}>
                    {t("member_save")}
                  </Button>
                </Form>
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="intent" value={member.disabled ? "enable" : "disable"} />
                  <input type="hidden" name="id" value={member.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={member.other_organizations > 0} aria-label={t(member.disabled ? "member_enable_named" : "member_disable_named", { name })}>
                    {t(member.disabled ? "member_enable" : "member_disable")}
                  </Button>
                  {member.other_organizations > 0 ? <p className="text-xs text-muted-foreground">{t("member_other_organizations")}</p> : null}
                  {outcome?.id === member.id && outcome.error ? (
                    <p role="alert" className="text-sm text-destructive">
                      {t([`member_error_${outcome.error}`, `manage_error_${outcome.error}`, "manage_error_default"])}
                    </p>
                  ) : null}
                </Form>
                <MemberImpactFields member={member} name={name} fields={outcome?.id === member.id ? outcome.fields : {}} />
                {/* Removing asks again before it happens (without JavaScript too: the disclosure holds the real button). */}
                <details className="text-sm">
                  <summary className="cursor-pointer text-destructive">{t("member_remove")}</summary>
                  <Form method="post" className="flex flex-col gap-2 pt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={member.id} />
                    <p>{t("member_remove_confirm", { name })}</p>
                    <div>
                      <Button type="submit" size="sm" variant="destructive" aria-label={t("member_remove_named", { name })}>
                        {t("member_remove_submit")}
                      </Button>
                    </div>
                  </Form>
                </details>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <a href={`/manage/members/${encodeURIComponent(member.id)}/export`} className="font-medium text-brand underline" download>
                    {/* The visible words first, then whose (axe: the accessible name holds the visible text). */}
                    {t("member_export")}
                    <span className="sr-only"> ({name})</span>
                  </a>
                  <span className="text-xs text-muted-foreground">{t("member_export_hint")}</span>
                </p>
                {/* Deleting the account, on the member's request (decision 034): only an account this organisation alone holds. */}
                {member.other_organizations === 0 && !member.deletion_due_at ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer text-destructive">{t("member_delete_account")}</summary>
                    <Form method="post" className="flex flex-col gap-2 pt-2">
                      <input type="hidden" name="intent" value="delete_account" />
                      <input type="hidden" name="id" value={member.id} />
                      <p>{t("member_delete_account_confirm", { name, count: ACCOUNT_DELETION_GRACE_DAYS })}</p>
                      <div>
                        <Button type="submit" size="sm" variant="destructive">
                          {t("member_delete_account_submit")}
                          <span className="sr-only"> ({name})</span>
                        </Button>
                      </div>
                    </Form>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <ListState failed={!list} empty={t("members_empty")} reloadHref={location.pathname + location.search} />
      )}
      {list && (list.previous || list.next_cursor) ? (
        <nav aria-label={t("members_pages")} className="flex flex-wrap items-center gap-3">
          {list.previous ? (
            <Link to={query({ before: list.previous })} className={buttonVariants({ variant: "outline" })}>
              {t("previous_page")}
            </Link>
          ) : null}
          {list.next_cursor ? (
            <Link to={query({ cursor: list.next_cursor })} className={buttonVariants({ variant: "outline" })}>
              {t("next_page")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
