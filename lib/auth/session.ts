// The dashboard's signed-in user, read from the next-auth session cookie.
// Until the dashboard's sign-in lands, no request carries a session.
export async function getSessionUserId(_request: Request): Promise<number | null> {
  return null;
}
