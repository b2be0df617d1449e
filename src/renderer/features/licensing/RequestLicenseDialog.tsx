import { useState } from 'react';
import { LICENSING_DURATIONS } from '../../../shared/constants';
import { LICENSE_PRICE_MAX } from '../../../shared/http/licensing.schemas';
import { cents, licenseTotal, licensingFee } from '../../../shared/rules/licensing';
import { useServices } from '../../app/useServices';
import { formatPrice } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { FormDialog } from '../../ui/dialog';
import { SelectField, TextField } from '../../ui/form';
import { requestLicense, type Who } from './licensing.api';

type Duration = (typeof LICENSING_DURATIONS)[number];

interface RequestLicenseDialogProps {
  who: Who;
  video: { _id: string; title: string; licensing_duration?: string | null; licensing_price?: number | null };
  onClose: (requested: boolean) => void;
}

/** Asks the creator to license a video: duration, price, and the fee and total of spec §5 before anything is sent. */
export function RequestLicenseDialog({ who, video, onClose }: RequestLicenseDialogProps) {
  const { api } = useServices();
  const [duration, setDuration] = useState<Duration>(LICENSING_DURATIONS.find((d) => d === video.licensing_duration) ?? '1 year');
  const [price, setPrice] = useState(video.licensing_price != null ? String(video.licensing_price) : '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = price.trim() === '' ? NaN : Number(price);
  const valid = Number.isFinite(amount) && amount >= 0 && amount <= LICENSE_PRICE_MAX;

  const submit = async () => {
    if (!Number.isFinite(amount)) return setError('Enter the price as a number, e.g. 120 or 0.99.');
    if (amount < 0) return setError('A price cannot be negative.');
    if (amount > LICENSE_PRICE_MAX) return setError(`A price is at most ${formatPrice(LICENSE_PRICE_MAX)}.`);
    setBusy(true);
    try {
      await requestLicense(api.main, who, { license_video: video._id, duration, price: cents(amount), ...(note.trim() ? { influencer_video_note: note.trim() } : {}) });
      onClose(true);
    } catch (caught) {
      setFailure(toFailure(caught, 'action').error);
      setBusy(false);
    }
  };

  return (
    <FormDialog title="License this video" submitLabel="Send request" busy={busy} error={failure} onSubmit={() => void submit()} onClose={() => onClose(false)}>
      <p className="licensing-dialog__video"><bdi>{video.title}</bdi></p>
      <SelectField label="Duration" value={duration} options={LICENSING_DURATIONS.map((value) => ({ value, label: value }))} onChange={setDuration} />
      <TextField label="Price (USD)" inputMode="decimal" value={price} error={error} onChange={(event) => { setPrice(event.target.value); setError(null); }} />
      <TextField label="Note to the creator (optional)" value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
      <dl className="licensing-dialog__sum" aria-live="polite">
        <dt>Fee</dt><dd>{valid ? formatPrice(licensingFee(amount)) : '—'}</dd>
        <dt>Total</dt><dd>{valid ? formatPrice(licenseTotal(amount)) : '—'}</dd>
      </dl>
    </FormDialog>
  );
}
