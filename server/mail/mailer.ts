/**
 * The service's e-mail, through an SMTP server with nodemailer (`SMTP_URL`, `MAIL_FROM`). Without `SMTP_URL` there is
 * no mailer, and what would have been mailed is shown to the person who asked for it instead (an invitation's link).
 * The URL may carry the server's user and password: it is never logged.
 */
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(settings: { smtpUrl: string | undefined; from: string }): Mailer | null {
  if (!settings.smtpUrl) return null;
  // 10 s to connect and to be greeted, 20 s of silence at most: a stuck server fails the mail, never hangs the page.
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
