import type { LucideIcon } from 'lucide-react';
import { Bell, Globe, Palette, Shield } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveLanguage } from '../../lib/i18n/browser-language.ts';
import { LANGUAGES, type TLanguage, updateSettings, useSettings } from '../../lib/settings.ts';
import { PushToggle } from './push-toggle.tsx';
import { ToggleRow } from './toggle-row.tsx';

function Panel({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface px-5 py-2 sm:px-6">
      <h2 className="flex items-center gap-2.5 border-b border-border py-4 font-semibold">
        <Icon className="size-5 text-brand" aria-hidden />
        {title}
      </h2>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

/** Route `/settings`: the spec's five controls, persisted (lib/settings.ts) and applied right away. */
export function Component() {
  const s = useSettings();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('settings.title')}</h1>
        <p className="mt-1 text-muted">{t('settings.subtitle')}</p>
      </header>
      <Panel icon={Bell} title={t('settings.notifications')}>
        <ToggleRow
          label={t('settings.streamNotifications')}
          hint={t('settings.streamNotificationsHint')}
          checked={s.streamNotifications}
          onChange={(v) => updateSettings({ streamNotifications: v })}
        />
        <ToggleRow
          label={t('settings.soundAlerts')}
          hint={t('settings.soundAlertsHint')}
          checked={s.soundAlerts}
          onChange={(v) => updateSettings({ soundAlerts: v })}
        />
        <PushToggle />
      </Panel>
      <Panel icon={Palette} title={t('settings.appearance')}>
        <ToggleRow
          label={t('settings.darkMode')}
          hint={t('settings.darkModeHint')}
          checked={s.darkMode}
          onChange={(v) => updateSettings({ darkMode: v })}
        />
      </Panel>
      <Panel icon={Shield} title={t('settings.privacy')}>
        <ToggleRow
          label={t('settings.showWalletAddress')}
          hint={t('settings.showWalletAddressHint')}
          checked={s.showWalletAddress}
          onChange={(v) => updateSettings({ showWalletAddress: v })}
        />
        <ToggleRow
          label={t('settings.showNsfw')}
          hint={t('settings.showNsfwHint')}
          checked={s.showNsfw}
          onChange={(v) => updateSettings({ showNsfw: v })}
        />
      </Panel>
      <Panel icon={Globe} title={t('settings.language')}>
        <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <label htmlFor="language" className="font-medium">
              {t('settings.language')}
            </label>
            <p className="text-sm text-muted">{t('settings.languageHint')}</p>
          </div>
          <select
            id="language"
            value={effectiveLanguage(s.language)}
            onChange={(e) => updateSettings({ language: e.target.value as TLanguage })}
            className="h-10 rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg outline-none focus:border-brand/60"
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`settings.languageNames.${code}`)}
              </option>
            ))}
          </select>
        </div>
      </Panel>
    </div>
  );
}
