/** Where to get a BNB Smart Chain wallet, shown when no wallet is installed. */
export const WALLET_INSTALL_LINKS = [
  { name: 'MetaMask', url: 'https://metamask.io/download/' },
  { name: 'Trust Wallet', url: 'https://trustwallet.com/download' },
  { name: 'Binance Web3 Wallet', url: 'https://www.binance.com/en/web3wallet' },
  { name: 'Rabby', url: 'https://rabby.io/' },
  { name: 'OKX Wallet', url: 'https://www.okx.com/web3' },
] as const;
