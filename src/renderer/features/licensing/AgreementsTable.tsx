import { useState } from 'react';
import { LICENSE_TRANSITIONS, type LicenseAgreement, type LicenseState } from '../../../shared/http/licensing.schemas';
import { useServices } from '../../app/useServices';
import { formatDate, formatPrice } from '../../lib/format';
import { ConfirmDialog } from '../../ui/dialog';
import { moveLicense, type Who } from './licensing.api';

/** What each next state is called on its button, and what the confirm dialog asks. */
const STEPS: Partial<Record<LicenseState, { label: string; title: string; question: (a: LicenseAgreement) => string; done: string }>> = {
  accepted: { label: 'Mark accepted', title: 'The creator accepted', question: (a) => `Record that the creator accepted licensing “${a.video_title}”?`, done: 'Recorded: accepted.' },
  declined: { label: 'Mark declined', title: 'The creator declined', question: (a) => `Record that the creator declined licensing “${a.video_title}”?`, done: 'Recorded: declined.' },
  active: { label: 'Pay', title: 'Pay for the license', question: (a) => `Pay ${formatPrice(a.total)} (${formatPrice(a.price)} + ${formatPrice(a.fee)} fee) for ${a.duration}?`, done: 'Paid: the license is active.' },
};

export const STATE_LABELS: Readonly<Record<LicenseState, string>> = { requested: 'Requested', accepted: 'Accepted', declined: 'Declined', active: 'Active', expired: 'Expired' };

/** The brand's agreements: video, creator, terms, state (an active one ending soon is marked) and the next steps. */
export function AgreementsTable({ who, agreements, onChanged }: { who: Who; agreements: readonly LicenseAgreement[]; onChanged: () => void }) {
  const { api } = useServices();
  const [asking, setAsking] = useState<{ agreement: LicenseAgreement; next: LicenseState } | null>(null);
  return (
    <div className="home-table-scroll">
      <table className="home-table licensing-table" aria-label="License agreements">
        <thead>
          <tr><th scope="col">Video</th><th scope="col">Creator</th><th scope="col">Duration</th><th scope="col">Price</th><th scope="col">Fee</th><th scope="col">Total</th><th scope="col">State</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {agreements.map((agreement) => (
            <tr key={agreement._id}>
              <th scope="row"><bdi>{agreement.video_title}</bdi></th>
              <td><bdi>{agreement.creator_name ?? '—'}</bdi></td>
              <td><bdi>{agreement.duration}</bdi></td>
              <td>{formatPrice(agreement.price)}</td>
              <td>{formatPrice(agreement.fee)}</td>
              <td>{formatPrice(agreement.total)}</td>
              <td>
                <span className={`licensing-state licensing-state--${agreement.status}`}>{STATE_LABELS[agreement.status]}</span>
                {agreement.expires_at && <span className="licensing-ends">{agreement.status === 'expired' ? 'ended' : 'until'} {formatDate(agreement.expires_at)}</span>}
                {agreement.expiring_soon && <span className="licensing-soon">Ends soon</span>}
              </td>
              <td>
                <div className="licensing-table__actions">
                {LICENSE_TRANSITIONS[agreement.status].map((next) => (
                  <button key={next} type="button" className={`btn btn--small${next === 'active' ? ' btn--primary' : ''}`} aria-label={`${STEPS[next]?.label ?? next}: ${agreement.video_title}`} onClick={() => setAsking({ agreement, next })}>
                    {STEPS[next]?.label}
                  </button>
                ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {asking && (
        <ConfirmDialog
          title={STEPS[asking.next]?.title ?? 'Change'}
          question={STEPS[asking.next]?.question(asking.agreement) ?? ''}
          onConfirm={async () => {
            await moveLicense(api.main, who, asking.agreement._id, asking.next);
            return STEPS[asking.next]?.done ?? 'Done.';
          }}
          onClose={(done) => {
            setAsking(null);
            if (done) onChanged();
          }}
        />
      )}
    </div>
  );
}
