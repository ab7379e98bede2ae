/**
 * The small page a safety contact's link opens (signed out, usually on a phone, from someone who may never
 * have heard of the app): who asks, what agreeing means, and two buttons that POST. No script; opening
 * the link changes nothing (mail scanners open links), only a button does.
 */
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { safetyMessages } from '@schema/contracts/safety';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1c1917}
h1{font-size:1.4rem}
form{display:inline-block;margin:0 .5rem .5rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #57534e;background:#fff;cursor:pointer;min-height:44px}
button.agree{background:#3f6212;border-color:#3f6212;color:#fff}
</style>
</head>
<body>
${body}
</body>
</html>`;
}

export function consentPage(args: { name: string; token: string; state: 'asked' | 'agreed' | 'declined' }) {
  const name = escapeHtml(args.name);
  const token = escapeHtml(args.token);
  const button = (decision: 'agree' | 'decline', label: string) =>
    `<form method="post" action="/api/safety/contacts/consent">
<input type="hidden" name="token" value="${token}">
<input type="hidden" name="decision" value="${decision}">
<button type="submit"${decision === 'agree' ? ' class="agree"' : ''}>${label}</button>
</form>`;
  const now =
    args.state === 'agreed'
      ? '<p><strong>You have agreed.</strong> You can change your mind below.</p>'
      : args.state === 'declined'
        ? '<p><strong>You said no thanks.</strong> You can change your mind below.</p>'
        : '';
  return layout(
    'Be a safety contact',
    `<h1>${name} would like you to be a safety contact</h1>
<p>${name} uses ${PRODUCT_NAME}, an app for metal detectorists, and sometimes goes detecting alone.</p>
<p>If you agree: when ${name} starts a trip and has not checked in some time after they expected to be
back, we will e-mail you where they planned to be and what to do. We send you nothing else, and you can
change your mind with this link at any time.</p>
${now}
${button('agree', 'Agree')}
${button('decline', 'No thanks')}`,
  );
}

export function answeredPage(agreed: boolean, name: string) {
  const who = escapeHtml(name);
  return layout(
    agreed ? 'Thank you' : 'No thanks',
    agreed
      ? `<h1>Thank you</h1><p>You are now a safety contact for ${who}. We will only e-mail you if ${who} does not check in after a detecting trip.</p>`
      : `<h1>Understood</h1><p>You will not be a safety contact for ${who}, and we will not e-mail you about them.</p>`,
  );
}

export const invalidLinkPage = () =>
  layout('Link not valid', `<h1>${escapeHtml(safetyMessages.consentInvalid)}</h1>`);
