import { type TProfile, USERNAME_RULE_MESSAGE, ZProfileUpdate } from '@mintcast/contracts';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useProfileMutation } from '../../queries/profile.ts';

const inputClass =
  'h-11 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm outline-none transition-colors placeholder:text-muted/70 focus:border-brand';

/** Username and avatar URL of the signed-in wallet, validated with the same contract as the server. */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const [username, setUsername] = useState(profile.username ?? '');
  const [avatar, setAvatar] = useState(profile.profile_image ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useProfileMutation();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZProfileUpdate.safeParse({ username, profile_image: avatar });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid profile');
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (p) => {
        setUsername(p.username ?? '');
        notify.success('Profile saved');
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not save your profile'),
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <label className="block space-y-2">
        <span className="text-sm font-medium">Username</span>
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
          {USERNAME_RULE_MESSAGE}. Shown on your streams and in chat.
        </span>
      </label>
      <label className="block space-y-2">
        <span className="text-sm font-medium">Avatar image URL</span>
        <input
          name="profile_image"
          type="url"
          value={avatar}
          onChange={(e) => setAvatar(e.target.value)}
          placeholder="https://…/avatar.png"
          className={inputClass}
        />
        <span className="block text-xs text-muted">An http(s) link to a square image.</span>
      </label>
      {error && (
        <p role="alert" className="rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down">
          {error}
        </p>
      )}
      <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'md')}>
        {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        Save profile
      </button>
    </form>
  );
}
