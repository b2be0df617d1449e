import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { pushBannerAtom } from '../../ui/banner';
import type { Who } from './licensing.api';
import { RequestLicenseDialog } from './RequestLicenseDialog';

interface LicenseVideoButtonProps {
  who: Who;
  video: { _id: string; title: string; licensing_duration?: string | null; licensing_price?: number | null };
}

/** "License this video" on one of the brand's own videos: the request dialog, then a banner pointing at Licensing. */
export function LicenseVideoButton({ who, video }: LicenseVideoButtonProps) {
  const [open, setOpen] = useState(false);
  const pushBanner = useSetAtom(pushBannerAtom);
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>License this video</button>
      {open && (
        <RequestLicenseDialog
          who={who}
          video={video}
          onClose={(requested) => {
            setOpen(false);
            if (requested) pushBanner('License requested. Follow it under Licensing.', 'success');
          }}
        />
      )}
    </>
  );
}
