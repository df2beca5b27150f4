/** Wallet button (placeholder until wallet sign-in lands): spec §4 "Connect Wallet". */
export function WalletButton({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      className={`rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-bg hover:bg-brand-strong ${className}`}
    >
      Connect Wallet
    </button>
  );
}
