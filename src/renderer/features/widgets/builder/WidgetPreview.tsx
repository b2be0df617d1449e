import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { PLAYER_SIZES } from '../../../../shared/constants';
import type { EmbedWidget } from '../../../../shared/http/widgets.schemas';
import { renderCarousel } from '../../../../embed/carousel';
import { SILENT_REPORTER } from '../../../../embed/reporter';
import { RESERVED_HEIGHT } from '../../../../embed/styles';
import { backendInfoAtom } from '../../../app/boot/boot.atoms';

export type Device = 'desktop' | 'mobile';

/**
 * The widget as a shop's page shows it: the embed's own carousel code in a shadow root (one implementation for the
 * preview and the embed), at desktop width or in a phone frame of the embedded player's width. Nothing is counted.
 */
export function WidgetPreview({ widget, device }: { widget: EmbedWidget; device: Device }) {
  const host = useRef<HTMLDivElement>(null);
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    return renderCarousel(root, widget, { origin, reporter: SILENT_REPORTER, deferMedia: false });
  }, [widget, origin]);
  const hidden = !widget.device_options.includes(device);
  return (
    <div className={`widget-preview widget-preview--${device}`} style={device === 'mobile' ? { width: PLAYER_SIZES.embedded.width + 24 } : undefined}>
      {hidden && <p className="widget-preview__note">This widget is not shown on {device === 'mobile' ? 'phones' : 'desktop computers'}: turn the device on under Look.</p>}
      <div ref={host} className="widget-preview__host" style={{ height: RESERVED_HEIGHT, opacity: hidden ? 0.35 : 1 }} aria-label={`Preview on ${device}`} role="region" />
    </div>
  );
}
