import { type ImgHTMLAttributes, useState } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  fallback: string;
};

/** An <img> that swaps to a shipped default when the source is empty or fails to load. */
export function FallbackImage({ src, fallback, alt = '', ...rest }: Props) {
  const wanted = src && src.trim() !== '' ? src : fallback;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? fallback : wanted;
  return (
    <img
      {...rest}
      alt={alt}
      src={shown}
      onError={() => {
        if (shown !== fallback) setFailed(wanted);
      }}
    />
  );
}
