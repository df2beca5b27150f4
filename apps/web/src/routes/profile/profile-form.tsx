import { type TProfile, ZProfileUpdate } from '@mintcast/contracts';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useProfileMutation } from '../../queries/profile.ts';

const inputClass =
  'h-11 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm outline-none transition-colors placeholder:text-muted/70 focus:border-brand';

/** Username and avatar URL of the signed-in wallet, validated with the same contract as the server. */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(profile.username ?? '');
  const [avatar, setAvatar] = useState(profile.profile_image ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useProfileMutation();

  // The contract's messages are English; show the same rule in the visitor's language.
  const errorText = (field: unknown) =>
    field === 'username'
      ? t('profile.usernameRule')
      : field === 'profile_image'
        ? t('profile.avatarRule')
        : t('profile.invalid');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZProfileUpdate.safeParse({ username, profile_image: avatar });
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]?.path[0]));
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (p) => {
        setUsername(p.username ?? '');
        notify.success(t('profile.saved'));
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : t('profile.saveFailed')),
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <label className="block space-y-2">
        <span className="text-sm font-medium">{t('profile.username')}</span>
        <input
          name="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="satoshi_42"
          autoComplete="off"
          maxLength={20}
          className={inputClass}
        />
        <span className="block text-xs text-muted">
          {t('profile.usernameRule')}. {t('profile.usernameHint')}
        </span>
      </label>
      <label className="block space-y-2">
        <span className="text-sm font-medium">{t('profile.avatar')}</span>
        <input
          name="profile_image"
          type="url"
          value={avatar}
          onChange={(e) => setAvatar(e.target.value)}
          placeholder="https://…/avatar.png"
          className={inputClass}
        />
        <span className="block text-xs text-muted">{t('profile.avatarHint')}</span>
      </label>
      {error && (
        <p role="alert" className="rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down">
          {error}
        </p>
      )}
      <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'md')}>
        {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {t('profile.save')}
      </button>
    </form>
  );
}
