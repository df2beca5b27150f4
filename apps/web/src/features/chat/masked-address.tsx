import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A contract address that is not the stream's token: a warning chip, opened on purpose (issue 34). */
export function MaskedAddress({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('chat.maskedShow')}
        data-testid="masked-address"
        className="mx-0.5 inline-flex items-center gap-1 rounded bg-warn/15 px-1.5 align-baseline text-xs font-semibold text-warn hover:bg-warn/25"
      >
        <ShieldAlert aria-hidden className="size-3" />
        {t('chat.maskedAddress')}
      </button>
    );
  return (
    <span data-testid="revealed-address">
      <span className="font-mono text-xs break-all text-fg">{text}</span>{' '}
      <span role="note" className="block text-xs text-warn">
        {t('chat.maskedWarning')}
      </span>
    </span>
  );
}
