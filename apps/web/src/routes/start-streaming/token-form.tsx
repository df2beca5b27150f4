import type { TTokenPreview } from '@mintcast/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { lookupToken } from '../../features/token/lookup-token.ts';
import { notify } from '../../lib/toast.ts';
import { ownershipRefusal } from './stream-owner.ts';

const quiet = { success: () => undefined, error: () => undefined };

/**
 * Step 1: the token address form; the fetch button is disabled while loading or blank (spec §5). A token whose
 * stream belongs to another wallet is refused here, with the reason, before any step 2 work.
 */
export function TokenForm(props: {
  /** The signed-in wallet. */
  me: string;
  address: string;
  error: string | null;
  onAddress: (value: string) => void;
  onFound: (preview: TTokenPreview) => void;
  onFailed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const blank = props.address.trim() === '';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (blank || loading) return;
    setLoading(true);
    try {
      // The success toast waits for the ownership check: "loaded successfully!" beside a refusal contradicts it.
      const result = await lookupToken(props.address, { toast: quiet });
      if (result.status !== 'ok') return props.onFailed(result.message);
      const refusal = await ownershipRefusal(result.preview.address, props.me);
      if (refusal) return props.onFailed(refusal);
      notify.success(t('token.lookupSuccess'));
      props.onFound(result.preview);
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <label htmlFor="token-address" className="block text-sm font-medium text-fg">
          {t('start.addressLabel')}
        </label>
        <input
          id="token-address"
          name="address"
          value={props.address}
          onChange={(e) => props.onAddress(e.target.value)}
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          aria-invalid={props.error ? true : undefined}
          aria-describedby="token-address-help"
          className="h-12 w-full rounded-lg border border-border bg-surface-2 px-4 font-mono text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none"
        />
        {props.error ? (
          <p id="token-address-help" role="alert" className="text-sm text-down">
            {props.error}
          </p>
        ) : (
          <p id="token-address-help" className="text-xs text-muted">
            {t('start.addressHint')}
          </p>
        )}
      </div>
      <button type="submit" disabled={blank || loading} className={buttonClass('primary', 'lg', 'w-full')}>
        <Search aria-hidden className={`size-4 ${loading ? 'animate-pulse' : ''}`} />
        {loading ? t('start.fetching') : t('start.fetch')}
      </button>
    </form>
  );
}
