import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../shared/demoAccounts';

const LABELS: Record<keyof typeof DEMO_ACCOUNTS, string> = {
  brandManager: 'Brand manager',
  vipInfluencer: 'Creator (refused)',
  pendingRegistration: 'Registration pending',
};

interface DemoAccountsHintProps {
  onUse: (email: string, password: string) => void;
}

/** The built-in back end's demo accounts, one click to fill the form. */
export function DemoAccountsHint({ onUse }: DemoAccountsHintProps) {
  const entries = Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]][];
  return (
    <section className="demo-hint" aria-label="Demo accounts">
      <p className="demo-hint__title">Demo workspace</p>
      <p className="demo-hint__who">
        Every demo account uses the password <code>{DEMO_PASSWORD}</code>.
      </p>
      <ul className="demo-hint__list">
        {entries.map(([key, account]) => (
          <li key={key}>
            <span className="demo-hint__who">
              {LABELS[key]} · <code>{account.email}</code>
            </span>
            <button
              type="button"
              className="btn btn--small"
              aria-label={`Use ${account.email}`}
              onClick={() => onUse(account.email, account.password)}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
