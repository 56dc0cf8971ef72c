/**
 * How the sign-in side's pages word an API's refusal (SPEC.md section 8). Apart from the forms'
 * schemas (auth-forms.ts), so an alert does not bring valibot with it.
 */
/** An API refusal as a page shows it: the status code and the `error` field of the body. */
export interface AuthFailure {
  status: number;
  error: string;
}

/**
 * SPEC.md section 8: the message keyed by code plus the error field, then by code, then the
 * default ("{prefix}_error_404_account_not_found", "{prefix}_error_404", "{prefix}_error_default").
 */
export function errorKeys(prefix: string, failure: AuthFailure): string[] {
  const error = failure.error.replace(/[^a-z0-9_]/gi, "");
  return [...(error ? [`${prefix}_error_${failure.status}_${error}`] : []), `${prefix}_error_${failure.status}`, `${prefix}_error_default`];
}
