import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';

const STORAGE_KEY = 'mintcast.nsfw-confirmed';

const confirmed = (): Set<string> => {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
};

/** Whether this visit already confirmed an NSFW stream, and how to confirm it (kept for the tab's session). */
export const useNsfwConfirmation = (mint: string) => {
  const [ok, setOk] = useState(() => confirmed().has(mint));
  const confirm = () => {
    const next = confirmed().add(mint);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
    } catch {
      // private mode: the confirmation holds until the page is left
    }
    setOk(true);
  };
  return { ok, confirm };
};

/** Shown instead of an NSFW stream until the visitor confirms they want to watch it. */
export function NsfwInterstitial({ name, onContinue }: { name: string; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-border bg-surface px-6 py-12 text-center sm:mt-10">
      <span className="flex size-14 items-center justify-center rounded-full bg-down/15 text-down">
        <EyeOff className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold" data-testid="nsfw-interstitial">
        {t('moderation.nsfwTitle')}
      </h1>
      <p className="text-muted">
        <Trans
          i18nKey="moderation.nsfwText"
          values={{ name }}
          components={{ name: <span className="font-medium text-fg" /> }}
        />
      </p>
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClass('secondary', 'lg')}>
          {t('moderation.goBack')}
        </Link>
        <button type="button" onClick={onContinue} className={buttonClass('primary', 'lg')}>
          {t('moderation.nsfwContinue')}
        </button>
      </div>
    </div>
  );
}
