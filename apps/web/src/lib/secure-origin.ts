/** Host names a browser treats as secure even over plain http (the "potentially trustworthy" localhost). */
const isLocalHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
  hostname === '[::1]' ||
  hostname === '::1';

/**
 * Whether this page cannot broadcast because it is not a secure origin: browsers give camera, microphone and
 * parts of WebCrypto only to https pages and localhost. The browser's own verdict (`isSecureContext`) wins;
 * without one, plain http on any other host is judged insecure.
 */
export const broadcastNeedsHttps = (where: {
  protocol: string;
  hostname: string;
  isSecureContext?: boolean;
}): boolean => {
  if (where.isSecureContext !== undefined) return !where.isSecureContext;
  return where.protocol === 'http:' && !isLocalHost(where.hostname);
};

/** For the current page. */
export const pageNeedsHttps = (): boolean =>
  broadcastNeedsHttps({
    protocol: window.location.protocol,
    hostname: window.location.hostname,
    isSecureContext: window.isSecureContext,
  });
