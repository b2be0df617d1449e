import type { JoinBrandReader } from '../../shared/joinBrandLink';
import { host } from './hostClient';

/** Who reads an invitation link in this window: the desktop app follows its scheme, a browser the web host's page. */
export function joinBrandReaderHere(win: Window = window): JoinBrandReader {
  return host().runtime === 'electron' ? { kind: 'desktop' } : { kind: 'web', origin: win.location.origin };
}
