import { bscScanTokenUrl, type TTokenData } from '@mintcast/contracts';
import { ExternalLink, Globe, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const linkClass =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-border bg-surface-2 px-2.5 text-xs font-medium text-muted transition-colors hover:border-muted/50 hover:text-fg focus-visible:outline-2 focus-visible:outline-brand';

/** X's logo is not in lucide; a small inline glyph keeps the row recognisable. */
const XGlyph = () => (
  <svg viewBox="0 0 24 24" className="size-3.5" aria-hidden fill="currentColor">
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.17h1.7L7.4 4.74H5.58l11.09 14.43Z" />
  </svg>
);

const Ext = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
    {children}
  </a>
);

/** Website, X (Twitter), Telegram (only http(s) links reach the client) and the BscScan page. */
export function TokenLinks({ address, data }: { address: string; data: TTokenData | undefined }) {
  const { t } = useTranslation();
  const website = data?.websites[0];
  return (
    <div className="flex flex-wrap gap-2">
      {website && (
        <Ext href={website.url}>
          <Globe className="size-3.5" aria-hidden />
          {t('token.website')}
        </Ext>
      )}
      {data?.twitter && (
        <Ext href={data.twitter}>
          <XGlyph />
          Twitter
        </Ext>
      )}
      {data?.telegram && (
        <Ext href={data.telegram}>
          <Send className="size-3.5" aria-hidden />
          Telegram
        </Ext>
      )}
      <Ext href={bscScanTokenUrl(address)}>
        <ExternalLink className="size-3.5" aria-hidden />
        BscScan
      </Ext>
    </div>
  );
}
