import { PRODUCT_NAME } from '../../../shared/constants';
import { Icon } from '../../ui/icons';

/** The page was opened without the desktop app or the web host behind it: say so plainly. */
export function HostUnavailable({ message }: { message: string }) {
  return (
    <main className="splash">
      <div className="splash__card host-unavailable" role="alert">
        <div className="host-unavailable__icon" aria-hidden="true">
          <Icon name="plug" size={24} />
        </div>
        <h1 className="splash__title">{PRODUCT_NAME} cannot start here</h1>
        <p className="splash__text">{message}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
