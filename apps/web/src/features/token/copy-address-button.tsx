import { shortenAddress } from '@mintcast/contracts';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';

/** The shortened contract address with a copy button; the check mark stays for 2 s after a copy. */
export function CopyAddressButton({ address }: { address: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard();
  return (
    <button
      type="button"
      onClick={() => void copy(address)}
      title={address}
      data-copied={copied}
      className="inline-flex h-8 items-center gap-2 rounded-lg border border-border bg-surface-2 px-2.5 font-mono text-xs text-fg transition-colors hover:border-muted/50 focus-visible:outline-2 focus-visible:outline-brand"
    >
      {/* The name is what the button does plus the visible address (axe: label-content-name-mismatch). */}
      <span className="sr-only">{t('token.copyAddress')} </span>
      <span>{shortenAddress(address)}</span>
      {copied ? (
        <Check className="size-3.5 text-up" aria-hidden />
      ) : (
        <Copy className="size-3.5 text-muted" aria-hidden />
      )}
    </button>
  );
}
