import type { Page } from 'playwright-core';

/**
 * A WHIP client (RFC 9725) whose WebRTC half is Chromium's own RTCPeerConnection, sending its fake camera
 * (in `codec`, Chromium encodes H.264 itself) and microphone, and whose HTTP half is `fetch` from Node:
 * POST the offer with the Bearer credential, apply the answer, PATCH a candidate, DELETE the Location.
 */
export interface WhipClient {
  location: string;
  /** Sends a trickle-ice-sdpfrag PATCH with one of the page's candidates; returns the status. */
  patch(): Promise<number>;
  /** DELETE on the session URL; returns the status. */
  stop(): Promise<number>;
}

/** The page half (no DOM types here: it runs in Chromium as text). `MIME` is the video codec to send. */
const OFFER_SCRIPT = `(async () => {
  window.whipPc?.close();
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { width: 640, height: 360, frameRate: 30 },
    audio: true,
  });
  const pc = new RTCPeerConnection();
  window.whipPc = pc;
  for (const track of stream.getTracks()) {
    const t = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    if (track.kind !== 'video') continue;
    t.setCodecPreferences(RTCRtpSender.getCapabilities('video').codecs.filter((c) =>
      c.mimeType === MIME && (MIME !== 'video/H264' || /packetization-mode=1/.test(c.sdpFmtpLine ?? ''))));
  }
  await pc.setLocalDescription(await pc.createOffer());
  // Non-trickle offer: every candidate in the POST body, as OBS does.
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') resolve();
    });
  });
  return pc.localDescription.sdp;
})()`;

/** Makes the page's offer: fake camera in `codec` (Chromium encodes H.264 itself) and microphone. */
export function whipOffer(page: Page, codec: 'video/H264' | 'video/VP8'): Promise<string> {
  return page.evaluate(OFFER_SCRIPT.replaceAll('MIME', JSON.stringify(codec)));
}

/** POSTs an offer made in `page`; on 201 applies the answer there and returns the client. */
export async function whipPublish(
  page: Page,
  endpoint: string,
  bearer: string,
  codec: 'video/H264' | 'video/VP8' = 'video/H264',
): Promise<{ status: number; body: string; client?: WhipClient }> {
  const offer = await whipOffer(page, codec);
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${bearer}` },
    body: offer,
  });
  const body = await res.text();
  if (res.status !== 201) return { status: res.status, body };
  expectSdpAnswer(res, body);
  await page.evaluate(`window.whipPc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(body)} })`);
  const location = new URL(res.headers.get('location') ?? '', endpoint).toString();
  const auth = { authorization: `Bearer ${bearer}` };
  const client: WhipClient = {
    location,
    async patch() {
      const candidate = offer.split(/\r?\n/).find((l) => l.startsWith('a=candidate:')) ?? '';
      const frag = `a=ice-ufrag:x\r\na=ice-pwd:y\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:0\r\n${candidate}\r\n`;
      const r = await fetch(location, {
        method: 'PATCH',
        headers: { 'content-type': 'application/trickle-ice-sdpfrag', ...auth },
        body: frag,
      });
      return r.status;
    },
    async stop() {
      const r = await fetch(location, { method: 'DELETE', headers: auth });
      await page.evaluate('window.whipPc?.close()');
      return r.status;
    },
  };
  return { status: res.status, body, client };
}

function expectSdpAnswer(res: Response, body: string): void {
  if (!(res.headers.get('content-type') ?? '').startsWith('application/sdp') || !body.startsWith('v=0'))
    throw new Error(`WHIP answer is not SDP: ${res.headers.get('content-type')} ${body.slice(0, 80)}`);
  if (!res.headers.get('location')) throw new Error('WHIP answer has no Location');
}
