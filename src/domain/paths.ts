/**
 * A path that can only point at this site: one leading slash, never '//' or '/\' (which browsers
 * read as another host), no control characters. Redirects built from request data go through it.
 */
export function onSitePath(path: string): string {
  const cleaned = path.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[/\\]+/, '');
  return `/${cleaned}`;
}
