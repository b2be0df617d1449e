import type { LicenseAgreement, LicensePurchase } from '../../../shared/http/licensing.schemas';
import { cents } from '../../../shared/rules/licensing';
import { formatDate, formatDateTime, formatPrice } from '../../lib/format';
import { EmptyState } from '../../ui/page';
import { host } from '../../host/hostClient';
import { CsvDownloadButton } from '../../ui/export';
import { STATE_LABELS } from './AgreementsTable';
import type { Who } from './licensing.api';

/** Every state change of every agreement, newest first, with who made it and why. */
export function LicenseHistory({ agreements }: { agreements: readonly LicenseAgreement[] }) {
  const changes = agreements.flatMap((agreement) => agreement.history.map((entry) => ({ ...entry, agreement })))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  if (changes.length === 0) return <EmptyState title="No history yet">Each request, answer, payment and expiry will be listed here.</EmptyState>;
  return (
    <ol className="licensing-history" aria-label="License history">
      {changes.map((change, at) => (
        <li key={`${change.agreement._id}-${at}`} className="licensing-history__item">
          <time dateTime={change.at}>{formatDateTime(change.at)}</time>
          <span className={`licensing-state licensing-state--${change.status}`}>{STATE_LABELS[change.status]}</span>
          <bdi className="licensing-history__video">{change.agreement.video_title}</bdi>
          <span className="licensing-history__note">{change.note} <span className="licensing-history__by">({change.by})</span></span>
        </li>
      ))}
    </ol>
  );
}

/** What was paid for which license, with fees and totals. */
export function PurchaseHistory({ who, purchases }: { who: Who; purchases: readonly LicensePurchase[] }) {
  if (purchases.length === 0) return <EmptyState title="No purchases yet">Paid licenses appear here with their fee and total.</EmptyState>;
  const sum = purchases.reduce((total, purchase) => total + purchase.total, 0);
  return (
    <>
    <div className="licensing-toolbar"><CsvDownloadButton what="purchases" count={purchases.length} save={() => host().invoke('licensing.exportCsv', who)} /></div>
    <div className="home-table-scroll">
      <table className="home-table licensing-table" aria-label="Purchase history">
        <thead>
          <tr><th scope="col">Video</th><th scope="col">Duration</th><th scope="col">Price</th><th scope="col">Fee</th><th scope="col">Total</th><th scope="col">Paid</th><th scope="col">Ends</th></tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase._id}>
              <th scope="row"><bdi>{purchase.video_title}</bdi></th>
              <td><bdi>{purchase.duration}</bdi></td>
              <td>{formatPrice(purchase.amount)}</td>
              <td>{formatPrice(purchase.fee)}</td>
              <td>{formatPrice(purchase.total)}</td>
              <td>{formatDate(purchase.purchased_at)}</td>
              <td>{formatDate(purchase.expires_at)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot><tr><th scope="row" colSpan={4}>All purchases</th><td>{formatPrice(cents(sum))}</td><td colSpan={2} /></tr></tfoot>
      </table>
    </div>
    </>
  );
}
