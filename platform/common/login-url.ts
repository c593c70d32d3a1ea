/** The sign-in page, sending the user back to `redirect` (a path on this site) once signed in. */
export function loginUrl(redirect: string): string {
  return `/web/login?redirect=${encodeURIComponent(redirect)}`;
}
