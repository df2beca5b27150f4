import { useState } from 'react';

/** Profile image, or the first two letters of the address (spec §2). */
export function ChatAvatar({
  address,
  image,
  size = 'size-8 text-[11px]',
}: {
  address: string;
  image: string | null;
  /** Size classes (box and initials' text): chat lines use the default, the stream's creator a larger one. */
  size?: string;
}) {
  const [broken, setBroken] = useState(false);
  const initials = address.replace(/^0x/i, '').slice(0, 2).toUpperCase();
  if (image && !broken && /^https?:\/\//i.test(image)) {
    return (
      <img
        src={image}
        alt=""
        className={`${size} shrink-0 rounded-full bg-surface-2 object-cover`}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`flex ${size} shrink-0 items-center justify-center rounded-full bg-brand/15 font-bold text-brand-strong`}
    >
      {initials}
    </span>
  );
}
