import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../shared/http/campaigns.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from '../../ui/dialog';
import { fetchSubmissionLink, type Who } from './campaigns.api';

interface Codes { link: string; png: string; svg: string }

/** A name for the downloaded files: the headline in safe characters. */
const fileBase = (campaign: Campaign) => `campaign-${campaign.campaign_headline.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || campaign._id}`;

/** The campaign's submission link as a QR code (spec §2 QR modal): PNG and SVG downloads, and the link to copy. */
export function QrModal({ who, campaign, onClose }: { who: Who; campaign: Campaign; onClose: () => void }) {
  const { api } = useServices();
  const [codes, setCodes] = useState<Codes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    fetchSubmissionLink(api.main, who, campaign._id)
      .then(async (link) => {
        const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: 512 };
        const [png, svg] = await Promise.all([QRCode.toDataURL(link, options), QRCode.toString(link, { ...options, type: 'svg' })]);
        if (live) setCodes({ link, png, svg });
      })
      .catch((failure: unknown) => live && setError(toFailure(failure).error));
    return () => {
      live = false;
    };
  }, [api, who, campaign._id]);
  const svgHref = codes ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(codes.svg)}` : '';
  return (
    <Modal title="Campaign QR code" onDismiss={onClose} actions={<button type="button" className="btn" onClick={onClose}>Close</button>}>
      {error && <p className="form-alert form-alert--error" role="alert">The link could not be made: {error}</p>}
      {!codes && !error && <p role="status">Making the code…</p>}
      {codes && (
        <div className="campaign-qr">
          <img className="campaign-qr__code" src={codes.png} alt={`QR code of ${codes.link}`} width={256} height={256} />
          <p className="campaign-qr__link"><bdi>{codes.link}</bdi></p>
          <div className="campaign-qr__actions">
            <button type="button" className="btn" onClick={() => void navigator.clipboard.writeText(codes.link).then(() => setCopied(true), () => setCopied(false))}>{copied ? 'Link copied' : 'Copy link'}</button>
            <a className="btn" href={codes.png} download={`${fileBase(campaign)}.png`}>Download PNG</a>
            <a className="btn" href={svgHref} download={`${fileBase(campaign)}.svg`}>Download SVG</a>
          </div>
        </div>
      )}
    </Modal>
  );
}
