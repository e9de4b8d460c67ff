import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends in the background: the caller does not wait for the SMTP server (so a request's timing says nothing of
   * whether a message was sent). A failure is logged by its code only, never the address or the message.
   */
  sendLater(message: MailMessage): void;
  /** Waits for the messages under way (at most `ms`), then closes the connections. */
  close(ms?: number): Promise<void>;
}

/** nodemailer over SMTP_URL from MAIL_FROM; null when SMTP_URL is not set (no e-mail). */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: FastifyBaseLogger): Mailer | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const from = config.MAIL_FROM;
  const pending = new Set<Promise<unknown>>();
  return {
    sendLater(message) {
      const sending = transport
        .sendMail({ from, ...message })
        .catch((error: unknown) => {
          const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
          log.warn({ code, responseCode }, 'an e-mail could not be sent');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close(ms = 5000) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
