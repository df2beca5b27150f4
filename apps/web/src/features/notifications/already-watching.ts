/**
 * Is the visitor on this stream's page already? Then its "is live now" toast (and chime) would only interrupt:
 * the player they are looking at shows it going live by itself.
 */
export const alreadyWatching = (pathname: string, mint: string): boolean => {
  const match = /^\/livestream\/([^/?#]+)\/?$/.exec(pathname);
  return match !== null && decodeURIComponent(match[1]!).toLowerCase() === mint.toLowerCase();
};
