import { Radio, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Which tier the player plays and what that means for the delay, in plain words (issue 33). */
export function TierIndicator({ tier }: { tier: 'webrtc' | 'http' }) {
  const { t } = useTranslation();
  const Icon = tier === 'webrtc' ? Radio : Timer;
  return (
    <span
      data-testid="tier-indicator"
      data-tier={tier}
      title={t(tier === 'webrtc' ? 'live.tierLowLatencyTitle' : 'live.tierBehindTitle')}
      className="pointer-events-auto absolute top-3 right-3 inline-flex sm:top-auto sm:bottom-3 h-6 items-center gap-1.5 rounded-md bg-black/60 px-2 text-xs font-semibold text-white backdrop-blur"
    >
      <Icon aria-hidden className={`size-3.5 ${tier === 'webrtc' ? 'text-emerald-400' : 'text-amber-300'}`} />
      {t(tier === 'webrtc' ? 'live.tierLowLatency' : 'live.tierBehind')}
    </span>
  );
}
