import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import './auth.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

const HIGHLIGHTS = [
  'Sentiment, demographics and brand safety for every video',
  'Creators and competitors side by side',
  'Transcripts you can search, export and keep offline',
] as const;

/** The frame of the sign-in screens: the product on one side, the form on the other. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <div className="auth__logo">
          <span className="auth__mark">R</span>
          {PRODUCT_NAME}
        </div>
        <div className="auth__pitch">
          <p className="auth__tagline">Know what every video says about your brand.</p>
          <ul className="auth__highlights">
            {HIGHLIGHTS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div className="auth__bars">
          {[38, 62, 48, 80, 56, 92, 70].map((height, index) => (
            <span key={index} style={{ blockSize: `${height}%` }} />
          ))}
        </div>
      </aside>
      <main className="auth__main">
        <div className="auth__card">
          <h1 className="auth__title">{title}</h1>
          {subtitle && <p className="auth__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth__footer">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
