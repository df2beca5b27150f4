export { BUILT_IN_FIXTURES_DIR, type Fixture, loadFixtures, SHARED_FIXTURES_DIR } from './fixtures.ts';
export { type MarketStandin, type StandinMode, type StandinOptions, startMarketStandin } from './server.ts';
