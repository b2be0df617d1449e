import { LiveMailMessageSchema, type LiveMail } from '../../shared/http/outbox.schemas';

/** How many kept mails the host remembers (the newest); a person needs the last few, not a mail archive. */
export const LOCAL_OUTBOX_SIZE = 50;

/**
 * Account mail the embedded back end could not send (no mail server), live links included, as it handed them over
 * (issue 26): held in this process's memory only — never written to disk — so the person at this computer can open a
 * reset link from the sign-in screen while the database keeps only the redacted copy. Mail whose link has expired is
 * dropped; a restart of the host forgets the rest (a new reset link is one click away).
 */
export function createLocalMailOutbox(now: () => number) {
  let mails: LiveMail[] = [];
  return {
    /** Takes a back-end message; anything but a well-formed kept mail is ignored. */
    receive(message: unknown): void {
      const parsed = LiveMailMessageSchema.safeParse(message);
      if (!parsed.success) return;
      mails = [parsed.data.mail, ...mails].slice(0, LOCAL_OUTBOX_SIZE);
    },
    /** The live mails, newest first, without those whose link has expired. */
    list(): LiveMail[] {
      const at = now();
      mails = mails.filter((mail) => mail.expires_at === null || Date.parse(mail.expires_at) > at);
      return mails;
    },
  };
}
export type LocalMailOutbox = ReturnType<typeof createLocalMailOutbox>;
