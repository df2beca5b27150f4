import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One of the stream dashboard's settings panels: a titled region with an icon and a hint under the title. */
export function DashboardPanel(props: {
  id: string;
  testId: string;
  icon: LucideIcon;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <section
      aria-labelledby={props.id}
      data-testid={props.testId}
      className="space-y-5 rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/20"
    >
      <h2 id={props.id} className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Icon aria-hidden className="size-5 text-brand" />
        {props.title}
      </h2>
      <p className="text-sm text-muted">{props.hint}</p>
      {props.children}
    </section>
  );
}
