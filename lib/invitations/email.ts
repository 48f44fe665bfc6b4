// Invitation emails, sent only when SMTP is configured (ENSIGN_SMTP_URL, a nodemailer
// connection URL such as smtp://user:password@mail.example.com:587). Sending never fails
// an invitation: a failure is logged and shows as the invitation's email_status, and the
// link can still be copied from the dashboard.
import nodemailer from "nodemailer";

export type EmailStatus = "NOT_CONFIGURED" | "SENT" | "FAILED";

export type InvitationEmail = {
  to: string;
  organisationName: string;
  invitedBy: { firstName: string; lastName: string; email: string } | null;
  url: string;
  expiresAt: Date;
};

export function smtpConfigured(): boolean {
  return Boolean(process.env.ENSIGN_SMTP_URL);
}

let transport: nodemailer.Transporter | null = null;
let transportUrl: string | undefined;

function getTransport(): nodemailer.Transporter {
  const url = process.env.ENSIGN_SMTP_URL as string;
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url, {
      // Bounded, so a mail server that does not answer cannot hold an invitation request.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    transportUrl = url;
  }
  return transport;
}

export function invitationMessage(mail: InvitationEmail) {
  const name = mail.invitedBy
    ? `${mail.invitedBy.firstName} ${mail.invitedBy.lastName}`.trim() || mail.invitedBy.email
    : null;
  const subject = name
    ? `${name} invited you to join ${mail.organisationName} on Ensign`
    : `You are invited to join ${mail.organisationName} on Ensign`;
  const text = [
    `${name ?? "Someone"} invited you to join the organisation "${mail.organisationName}" on Ensign.`,
    "",
    `Accept the invitation: ${mail.url}`,
    "",
    `The link works until ${mail.expiresAt.toUTCString()}. If you did not expect it, ignore this email.`,
  ].join("\n");
  return { subject, text };
}

/** Sends the invitation if SMTP is configured; answers what became of it, never throws. */
export async function sendInvitationEmail(mail: InvitationEmail): Promise<EmailStatus> {
  if (!smtpConfigured()) return "NOT_CONFIGURED";
  const { subject, text } = invitationMessage(mail);
  try {
    await getTransport().sendMail({
      from: process.env.ENSIGN_SMTP_FROM || "Ensign <ensign@localhost>",
      to: mail.to,
      subject,
      text,
    });
    return "SENT";
  } catch (error) {
    console.error(`invitation email to ${mail.to} failed: ${(error as Error).message}`);
    return "FAILED";
  }
}

/** Any other plain-text notification (change requests) through the same SMTP setting; never throws. */
export async function sendNotificationEmail(mail: { to: string; subject: string; text: string }) {
  if (!smtpConfigured()) return "NOT_CONFIGURED" as EmailStatus;
  try {
    await getTransport().sendMail({
      from: process.env.ENSIGN_SMTP_FROM || "Ensign <ensign@localhost>",
      ...mail,
    });
    return "SENT" as EmailStatus;
  } catch (error) {
    console.error(`notification email to ${mail.to} failed: ${(error as Error).message}`);
    return "FAILED" as EmailStatus;
  }
}
