// The consent step of the preview authorization server for redirect URIs it does not trust. It approves loopback
// redirects by itself (the code comes back to this machine); a code for any other host goes there only after a person
// has approved it on a page naming the client and the host (MCP authorization: "SHOULD only automatically redirect the
// user agent if it trusts the redirection URI"). The page's form carries the request, signed, so an approval fits
// only the request it was shown for, and only for a few minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Element, Root } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { PREVIEW_AUTHORIZATION_SERVER as AS } from '../../../build/emit/discovery/oauth/preview-authorization-server.js';
import { NO_STORE, NOSNIFF } from '../http/headers.js';

/** How long a shown consent page may be answered. */
const CONSENT_LIFETIME_MS = 5 * 60_000;

/** The request parameters an approval covers, in a fixed order. */
export const CONSENT_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'state',
  'resource',
] as const;

function sign(secret: string, params: (name: string) => string | undefined, expires: number): string {
  const text = CONSENT_PARAMS.map((name) => `${name}=${params(name) ?? ''}`).join('&');
  return `${expires}.${createHmac('sha256', secret).update(`consent:${expires}:${text}`).digest('base64url')}`;
}

/** Whether a form's approval token was made for exactly these parameters and has not expired. */
export function approvalFits(
  secret: string,
  params: (name: string) => string | undefined,
  token: string | undefined,
  now = Date.now(),
): boolean {
  const expires = Number(token?.split('.')[0]);
  if (!token || !Number.isSafeInteger(expires) || expires < now) return false;
  const expected = Buffer.from(sign(secret, params, expires));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const element = (tagName: string, properties: Element['properties'], children: Element['children'] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string) => ({ type: 'text' as const, value });

/** The consent page: who asks, where the code would go, what it grants; approve or deny. */
export function consentPage(
  secret: string,
  params: (name: string) => string | undefined,
  details: { clientName: string; host: string; scopes: string[]; user: string },
  now = Date.now(),
): Response {
  const hidden = CONSENT_PARAMS.filter((name) => params(name) !== undefined).map((name) =>
    element('input', { type: 'hidden', name, value: params(name)! }),
  );
  const approval = sign(secret, params, now + CONSENT_LIFETIME_MS);
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      element('html', { lang: 'en' }, [
        element('head', {}, [
          element('meta', { charSet: 'utf-8' }),
          element('title', {}, [text('Approve access — preview')]),
        ]),
        element('body', {}, [
          element('h1', {}, [text('Approve access (preview authorization server)')]),
          element('p', {}, [
            text(`The client “${details.clientName}” asks to act as ${details.user} with the scopes `),
            element('code', {}, [text(details.scopes.join(' '))]),
            text('. The authorization code would be sent to '),
            element('strong', {}, [text(details.host)]),
            text(', which is not this machine.'),
          ]),
          element('form', { method: 'post', action: AS.authorizationPath }, [
            ...hidden,
            element('input', { type: 'hidden', name: 'approval', value: approval }),
            element('button', { type: 'submit', name: 'decision', value: 'approve' }, [text('Approve')]),
            text(' '),
            element('button', { type: 'submit', name: 'decision', value: 'deny' }, [text('Deny')]),
          ]),
        ]),
      ]),
    ],
  };
  return new Response(unified().use(rehypeStringify).stringify(tree), {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_STORE,
      // Never inside another page (clickjacking), no script, the form posts back here only.
      'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      ...NOSNIFF,
    },
  });
}
