/** /manage/initiatives/{id}/edit: the editor over an initiative the member organises (issue 11, point 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { EditorPage } from "~/components/manage/editor-page";
import { loadEditor, saveEditor, type EditorAnswer } from "~/lib/server/initiative-editor.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "editor", "title_edit");

export const loader = (args: LoaderFunctionArgs) => loadEditor(args, { edit: args.params.id ?? "" });

export async function action(args: ActionFunctionArgs) {
  const saved = await saveEditor(args, args.params.id ?? "");
  return saved instanceof Response ? saved : data(saved.answer, { status: saved.status });
}

export default function EditInitiative() {
  return <EditorPage mode="edit" loaded={useLoaderData<typeof loader>()} answer={useActionData<typeof action>() as EditorAnswer | undefined} />;
}

export const ErrorBoundary = RouteErrorBoundary;
