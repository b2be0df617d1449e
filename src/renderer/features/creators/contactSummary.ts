import type { SendMailResponse } from '../../../shared/http/mailCampaigns.schemas';

type Results = SendMailResponse['results'];

function emails(count: number): string {
  return `${count} email${count === 1 ? '' : 's'}`;
}

function creators(count: number): string {
  return `${count} creator${count === 1 ? '' : 's'}`;
}

/**
 * The outcome of contacting creators as one plain sentence: how many went out (or wait in the
 * outbox, and why), how many were skipped for lack of an email, and how many the mail server refused.
 */
export function contactSummary(results: Results, transport: SendMailResponse['transport']): string {
  const count = (status: Results[number]['status']) => results.filter((row) => row.status === status).length;
  const delivered = count('sent') + count('queued');
  const skipped = count('skipped_invalid_email');
  const failed = count('failed');
  const parts: string[] = [];
  if (delivered > 0 || (skipped === 0 && failed === 0)) {
    parts.push(
      transport === 'outbox'
        ? `${emails(delivered)} ${delivered === 1 ? 'waits' : 'wait'} in the outbox because no mail server is set up`
        : `${emails(delivered)} sent`,
    );
  }
  if (failed > 0) parts.push(`${emails(failed)} refused by the mail server`);
  if (skipped > 0) parts.push(`${creators(skipped)} skipped for lack of a valid email`);
  const last = parts.pop() ?? '';
  const sentence = parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
