/** `npm run start -w @mintcast/market-standin`: the DexScreener stand-in on MARKET_STANDIN_PORT (4010). */
import { startMarketStandin } from './server.ts';

const port = Number(process.env.MARKET_STANDIN_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`MARKET_STANDIN_PORT must be a port number, got "${process.env.MARKET_STANDIN_PORT}"`);
  process.exit(1);
}
const standin = await startMarketStandin({ port, host: process.env.MARKET_STANDIN_HOST ?? '127.0.0.1' });
console.log(`market-data stand-in on ${standin.url} serving ${standin.fixtures().join(', ')}`);
console.log(`point the server at it with MARKET_DATA_URL=${standin.url}`);

const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
