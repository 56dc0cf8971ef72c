/** /manage/money.csv: the donations the money screen shows (its status and search), as a spreadsheet streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { moneyCsv } from "./_app.manage.money/money.server";

export async function loader(args: LoaderFunctionArgs) {
  return moneyCsv(args);
}
