// When an action fails, the person needs to know what to do next, not only what the server
// or the browser said: every answer here ends with a next step.
import { ApiError, NETWORK_ERROR, describeErrorBody, fieldErrors } from "./fetcher";

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** `action` is what was tried, as a verb phrase: "delete the project Web app". */
export function failureMessage(error: unknown, action: string): string {
  if (error instanceof ApiError) {
    const said = describeErrorBody(error.body);
    if (error.status === 401) return `Your session has ended. Sign in again, then ${action} again.`;
    if (error.status === 403)
      return `You are not allowed to ${action}. Ask an administrator of the organisation for access.`;
    if (error.status === 404)
      return `Could not ${action}: it no longer exists. Reload the page to see what is there now.`;
    if (error.status === 429) return `Could not ${action}: too many requests. Wait a minute, then try again.`;
    if (error.status >= 500 || !said)
      return `Could not ${action}: the server failed. Try again in a moment; if it keeps failing, ask whoever runs Ensign to check its log.`;
    return `Could not ${action}: ${sentence(said)} Change that and try again.`;
  }
  if (error instanceof Error && error.message === NETWORK_ERROR) return NETWORK_ERROR;
  return `Could not ${action}. Reload the page and try again.`;
}

/** What to do when the clipboard refuses. */
export const COPY_FAILED = "Could not copy. Select the text and copy it with Ctrl+C (⌘C on a Mac).";

/**
 * The answer's messages for the given fields, to show under those inputs ("url: Enter a valid
 * URL." belongs under the URL field, not in a banner); null when the answer says anything else,
 * so the caller falls back to `failureMessage`.
 */
export function fieldFailures<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const found = fieldErrors(error);
  const keys = Object.keys(found);
  if (keys.length === 0 || !keys.every((key) => (fields as readonly string[]).includes(key))) return null;
  return found as Partial<Record<F, string>>;
}
