export * from './anvil.ts';
export * from './artifacts.ts';
export * from './dex.ts';
export * from './wallets.ts';
