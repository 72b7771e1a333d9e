/** The Norwegian e-mails of sign-in and registration (text and HTML). */
import type { OutgoingMail } from "../../platform/mail.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(
  appName: string,
  heading: string,
  intro: string,
  link: string,
  button: string,
  outro: string,
) {
  return `<!doctype html><html lang="nb"><body style="margin:0;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;border:1px solid #d9dee5">
<tr><td style="background:#1F3A5B;color:#fff;padding:16px 24px;border-radius:12px 12px 0 0;font-weight:600">${escapeHtml(appName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1F3A5B;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b6573;line-height:1.5">${escapeHtml(outro)}</p>
<p style="margin:0;font-size:13px;color:#5b6573;word-break:break-all">${escapeHtml(link)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function magicLinkMail(appName: string, to: string, link: string, minutes: number): OutgoingMail {
  const intro = `Klikk på knappen for å logge inn i ${appName}. Lenken virker én gang og utløper om ${minutes} minutter.`;
  const outro =
    "Har du ikke bedt om denne e-posten, kan du se bort fra den. Virker ikke knappen? Lim inn denne lenken i nettleseren:";
  return {
    to,
    subject: `Logg inn i ${appName}`,
    text: `Hei!\n\n${intro}\n\n${link}\n\nHar du ikke bedt om denne e-posten, kan du se bort fra den.\n`,
    html: layout(appName, "Logg inn", intro, link, "Logg inn", outro),
  };
}

export function confirmationMail(
  appName: string,
  to: string,
  name: string,
  link: string,
  hours: number,
): OutgoingMail {
  const intro = `Hei ${name}! Bekreft e-postadressen din for å ta i bruk kontoen i ${appName}. Lenken er gyldig i ${hours} timer.`;
  const outro =
    "Har du ikke opprettet en konto, kan du se bort fra denne e-posten. Virker ikke knappen? Lim inn denne lenken i nettleseren:";
  return {
    to,
    subject: `Bekreft e-postadressen din for ${appName}`,
    text: `${intro}\n\n${link}\n\nHar du ikke opprettet en konto, kan du se bort fra denne e-posten.\n`,
    html: layout(appName, "Bekreft e-postadressen din", intro, link, "Bekreft e-post", outro),
  };
}

export function passwordResetMail(appName: string, to: string, link: string, minutes: number): OutgoingMail {
  const intro = `Klikk på knappen for å lage et nytt passord i ${appName}. Lenken virker én gang og utløper om ${minutes} minutter.`;
  const outro =
    "Har du ikke bedt om nytt passord, kan du se bort fra denne e-posten: passordet ditt er uendret. Virker ikke knappen? Lim inn denne lenken i nettleseren:";
  return {
    to,
    subject: `Nytt passord for ${appName}`,
    text: `Hei!\n\n${intro}\n\n${link}\n\nHar du ikke bedt om nytt passord, kan du se bort fra denne e-posten: passordet ditt er uendret.\n`,
    html: layout(appName, "Nytt passord", intro, link, "Lag nytt passord", outro),
  };
}
