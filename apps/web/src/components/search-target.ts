import { resolveSearch } from '@mintcast/contracts';

/**
 * Where a top-bar/home search submit goes (spec §2/§5), or null when it is ignored (blank input).
 * 32+ characters is a token address: the stream page; anything shorter searches on /explore.
 */
export const searchHref = (input: string): string | null => {
  const target = resolveSearch(input);
  switch (target.kind) {
    case 'ignore':
      return null;
    case 'stream':
      return `/livestream/${encodeURIComponent(target.mint)}`;
    case 'explore':
      return `/explore?${new URLSearchParams({ search: target.query })}`;
  }
};
