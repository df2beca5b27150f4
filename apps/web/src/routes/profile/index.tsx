import { User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ConnectPrompt } from '../../features/wallet/connect-prompt.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useProfileQuery } from '../../queries/profile.ts';
import { MyStreams } from './my-streams.tsx';
import { ProfileForm } from './profile-form.tsx';

/** The avatar image, or the first two letters of the address (as chat shows it) when absent or broken. */
function Avatar({ src, address }: { src: string | null | undefined; address: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed)
    return <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />;
  return (
    <span className="flex size-full items-center justify-center font-mono text-lg text-muted">
      {address.slice(2, 4).toUpperCase()}
    </span>
  );
}

/** Route `/profile`: signed out, only the spec's prompt; signed in, username and avatar of this wallet. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const address = session?.user.address ?? null;
  const profile = useProfileQuery(address);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <PageTitle icon={User} title={t('profile.title')} />
      </header>
      {!address ? (
        <ConnectPrompt icon={User} text={t('profile.connect')} />
      ) : profile.isError ? (
        <InlineError message={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />
      ) : (
        <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
          <div className="mb-6 flex items-center gap-4">
            <div className="size-16 shrink-0 overflow-hidden rounded-full border border-border bg-surface-2">
              <Avatar
                key={profile.data?.profile_image ?? ''}
                src={profile.data?.profile_image}
                address={address}
              />
            </div>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold" data-testid="profile-username">
                {profile.data?.username || t('common.anonymous')}
              </p>
              <p className="truncate font-mono text-xs text-muted" title={address}>
                {address}
              </p>
            </div>
          </div>
          {profile.data ? (
            <ProfileForm key={address} profile={profile.data} />
          ) : (
            <div className="h-64 animate-pulse rounded-xl bg-surface-2" />
          )}
        </section>
      )}
      {address && !profile.isError ? <MyStreams /> : null}
    </div>
  );
}
