/**
 * The service's e-mail, through an SMTP server with nodemailer (`SMTP_URL`, `MAIL_FROM`). Without `SMTP_URL` there is
 * no mailer, and nothing that needs one is offered (invitations).
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
  // smtp:// to another host must upgrade with STARTTLS (a server or a network that does not offer it fails the mail
  // rather than send the password and the links in clear); only a server on this machine may speak plain SMTP.
  const url = new URL(settings.smtpUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    requireTLS: url.protocol === 'smtp:' && !loopback,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
