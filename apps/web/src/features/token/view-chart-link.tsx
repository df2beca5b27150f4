import { tokenChartUrl } from '@mintcast/contracts';
import { LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useTokenQuery } from '../../queries/token.ts';

/** "View Chart": the token's DexScreener page (the selected pair, else the token page on bsc). */
export function ViewChartLink({ address, className = '' }: { address: string; className?: string }) {
  const { t } = useTranslation();
  const { data } = useTokenQuery(address);
  return (
    <a
      href={tokenChartUrl(address, data?.pairUrl)}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('secondary', 'sm', className)}
    >
      <LineChart className="size-4" aria-hidden />
      {t('stream.viewChart')}
    </a>
  );
}
