import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Text, or elements when parts of it (handles, names) need their own direction. */
  description?: ReactNode;
  actions?: ReactNode;
}

/** The header every screen starts with: one h1, a line of context, optional actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
