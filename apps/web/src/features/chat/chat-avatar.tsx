import { useState } from 'react';

/** Profile image, or the first two letters of the address (spec §2). */
export function ChatAvatar({ address, image }: { address: string; image: string | null }) {
  const [broken, setBroken] = useState(false);
  const initials = address.replace(/^0x/i, '').slice(0, 2).toUpperCase();
  if (image && !broken && /^https?:\/\//i.test(image)) {
    return (
      <img
        src={image}
        alt=""
        className="size-8 shrink-0 rounded-full bg-surface-2 object-cover"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand/15 text-[11px] font-bold text-brand"
    >
      {initials}
    </span>
  );
}
