/** Where the embedded media server answers WHIP (apps/media `src/whip/whip-endpoint.ts`). */
const MEDIA_WHIP = '/whip';
const MEDIA_SESSION = '/whip/session/';

export interface MediaWhipResponse {
  status: number;
  body: string;
  /** The media server's session id, from its Location (201 only). */
  sessionId?: string;
}

/**
 * The API server's half of WHIP: requests to the embedded media server, authorised with a LiveKit access
 * token the API minted after checking the stream key (decision 020). The media server never sees the key.
 */
export const createMediaWhip = (target: string) => {
  const call = async (
    method: string,
    path: string,
    token: string,
    body?: { type: string; text: string },
  ): Promise<MediaWhipResponse> => {
    const res = await fetch(`${target}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': body.type } : {}),
      },
      body: body?.text,
      signal: AbortSignal.timeout(15_000),
    });
    const location = res.headers.get('location') ?? '';
    return {
      status: res.status,
      body: await res.text(),
      sessionId: location.startsWith(MEDIA_SESSION) ? location.slice(MEDIA_SESSION.length) : undefined,
    };
  };

  return {
    offer: (token: string, sdp: string) =>
      call('POST', MEDIA_WHIP, token, { type: 'application/sdp', text: sdp }),
    trickle: (token: string, sessionId: string, fragment: string) =>
      call('PATCH', `${MEDIA_SESSION}${sessionId}`, token, {
        type: 'application/trickle-ice-sdpfrag',
        text: fragment,
      }),
    stop: (token: string, sessionId: string) => call('DELETE', `${MEDIA_SESSION}${sessionId}`, token),
  };
};

export type MediaWhip = ReturnType<typeof createMediaWhip>;
