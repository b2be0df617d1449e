import type { ReactNode } from 'react';
import type { IconName } from '../icons';
import { Icon } from '../icons';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  children?: ReactNode;
}

/** What a screen shows when it has nothing to list yet. */
export function EmptyState({ icon = 'empty', title, children }: EmptyStateProps) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state__icon">
        <Icon name={icon} size={22} />
      </div>
      <h2 className="empty-state__title">{title}</h2>
      {children && <div className="empty-state__text">{children}</div>}
    </section>
  );
}
