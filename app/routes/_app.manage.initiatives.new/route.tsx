/** /manage/initiatives/new: a new initiative, blank or (with ?from={id}) a copy of one the member organises (issue 11, point 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { EditorPage } from "~/components/manage/editor-page";
import { loadEditor, saveEditor, type EditorAnswer } from "~/lib/server/initiative-editor.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "editor", "title_new");

export const loader = (args: LoaderFunctionArgs) => loadEditor(args, { copy: new URL(args.request.url).searchParams.get("from") });

export async function action(args: ActionFunctionArgs) {
  const saved = await saveEditor(args, null);
  return saved instanceof Response ? saved : data(saved.answer, { status: saved.status });
}

export default function NewInitiative() {
  return <EditorPage mode="create" loaded={useLoaderData<typeof loader>()} answer={useActionData<typeof action>() as EditorAnswer | undefined} />;
}

export const ErrorBoundary = RouteErrorBoundary;
