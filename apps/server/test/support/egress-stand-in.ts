import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressInfo, type ParticipantInfo } from 'livekit-server-sdk';

/**
 * A stand-in for the media server's Egress Twirp service: records the calls, answers as LiveKit does. Its
 * RoomService lists `participants` (what the test puts there) in every room.
 */
export const startEgressStandIn = async () => {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const participants: ParticipantInfo[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const method = (req.url ?? '').split('/').pop() ?? '';
    calls.push({ method, body });
    res.setHeader('content-type', 'application/json');
    if (method === 'StartParticipantEgress' || method === 'StopEgress') {
      const info = new EgressInfo({ egressId: `EG_${calls.length}`, roomName: String(body.roomName ?? '') });
      res.end(JSON.stringify(info.toJson()));
      return;
    }
    if (method === 'ListParticipants') {
      res.end(JSON.stringify({ participants: participants.map((p) => p.toJson()) }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ code: 'bad_route', msg: 'no' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, participants, origin, close: () => new Promise<void>((r) => server.close(() => r())) };
};
