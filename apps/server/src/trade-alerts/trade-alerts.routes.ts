import {
  ZMintParams,
  ZNoContent,
  ZReportTrade,
  ZTradeAlertCockpit,
  ZTradeAlertSettings,
  ZTradeAlertStatus,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { TradeAlertsService } from './trade-alerts.service.ts';

/** HTTP only: the alerts' state (public), the creator's settings and volume, the trade panel's reports. */
export const tradeAlertsRoutes = (app: FastifyInstance, alerts: TradeAlertsService) => {
  app.get(
    '/api/streams/:mint/trade-alerts/status',
    { schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTradeAlertStatus } }) },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      // Every viewer of a stream asks the same: a few seconds of shared caching keep it off the database.
      reply.header('cache-control', 'public, max-age=5');
      return { state: await alerts.state(mint) };
    },
  );

  app.get(
    '/api/streams/:mint/trade-alerts',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTradeAlertCockpit } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'private, no-store');
      return alerts.cockpit(request.session!.address, mint);
    },
  );

  app.put(
    '/api/streams/:mint/trade-alerts',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        body: ZTradeAlertSettings,
        response: { 200: ZTradeAlertCockpit },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const body = ZTradeAlertSettings.parse(request.body);
      return alerts.setSettings(request.session!.address, mint, body);
    },
  );

  app.post(
    '/api/streams/:mint/trades',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        body: ZReportTrade,
        response: { 204: ZNoContent },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const { tx_hash } = ZReportTrade.parse(request.body);
      await alerts.report(request.session!.address, mint, tx_hash);
      return reply.status(204).send();
    },
  );
};
