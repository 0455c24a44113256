/**
 * `WWW-Authenticate` (RFC 9110 §11.6.1) and the RFC 9470 step-up challenge, pure and DOM-free: the browser's
 * `stepUpFetch` (src/app/step-up-fetch.ts) reads the challenge, `fe-elements/server`'s `requireAuthLevel`
 * (src/server/step-up.ts) writes it.
 *
 * Grammar (RFC 9110 §11.2, §5.6.2 token, §5.6.4 quoted-string, §5.6.1 lists):
 * ```
 * WWW-Authenticate = #challenge
 * challenge        = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
 * auth-param       = token BWS "=" BWS ( token / quoted-string )
 * token68          = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
 * quoted-string    = DQUOTE *( qdtext / quoted-pair ) DQUOTE      ; quoted-pair = "\" any octet
 * ```
 * Several challenges may share one header (or several headers, which `Headers.get` joins with ", "); commas and
 * escaped quotes inside quoted strings belong to the value; empty list elements are skipped. The scheme and the
 * parameter names are case-insensitive: they are lower-cased here (values are kept as sent). A parameter named twice
 * in one challenge keeps its first value. The parser never throws: on malformed input it returns what it could read
 * (an unterminated quoted string runs to the end of the header).
 */

/** One challenge of a `WWW-Authenticate` header. */
export interface AuthChallenge {
  /** The auth-scheme, lower-cased (`bearer`, `basic`, `dpop` …). */
  scheme: string;
  /** The auth-params, names lower-cased, values unquoted and unescaped. Empty with a token68 or no parameters. */
  params: Record<string, string>;
  /** The token68 form (`Basic dXNlcg==`), when the challenge has one instead of parameters. */
  token68?: string;
}

/** RFC 9470 §3: the error code of a resource server asking for a stronger or fresher authentication. */
export const INSUFFICIENT_USER_AUTHENTICATION = 'insufficient_user_authentication';

/** An RFC 9470 step-up challenge, read from a `Bearer` challenge. */
export interface StepUpChallenge {
  /** Always {@link INSUFFICIENT_USER_AUTHENTICATION}. */
  error: typeof INSUFFICIENT_USER_AUTHENTICATION;
  /** `error_description`, meant for developers (not shown to users). */
  errorDescription?: string;
  /** `acr_values`: the authentication context classes the server accepts, in order of preference (space-separated). */
  acrValues: string[];
  /** `max_age`: the authentication may be at most this many seconds old. */
  maxAge?: number;
  /** `realm`, when given. */
  realm?: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

/** Parses every challenge of a `WWW-Authenticate` value (see the module's grammar). `null`/empty → `[]`. */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallenge[] {
  const s = header ?? '';
  const challenges: AuthChallenge[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  const skipSeparators = () => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === ',')) i++;
  };
  const readToken = (): string => {
    const start = i;
    while (i < s.length && TCHAR.test(s[i])) i++;
    return s.slice(start, i);
  };
  const readQuoted = (): string => {
    // s[i] is the opening quote
    let out = '';
    i++;
    while (i < s.length && s[i] !== '"') {
      if (s[i] === '\\' && i + 1 < s.length) i++;
      out += s[i++];
    }
    i++; // the closing quote (or past the end)
    return out;
  };
  /** Skips to the next list element (after a comma outside quotes): the rest of a malformed element. */
  const skipElement = () => {
    while (i < s.length && s[i] !== ',') {
      if (s[i] === '"') readQuoted();
      else i++;
    }
  };

  skipSeparators();
  while (i < s.length) {
    const scheme = readToken();
    if (!scheme) {
      skipElement();
      skipSeparators();
      continue;
    }
    const challenge: AuthChallenge = { scheme: scheme.toLowerCase(), params: {} };
    challenges.push(challenge);
    const hadSpace = s[i] === ' ' || s[i] === '\t';
    skipSpace();
    if (!hadSpace || i >= s.length || s[i] === ',') {
      // no parameters; a comma may still be followed by this challenge's params or by the next challenge
      if (s[i] !== ',') {
        if (i < s.length) skipElement();
        skipSeparators();
        continue;
      }
    } else {
      // token68: the whole element, followed by the end or a comma
      const t68 = TOKEN68.exec(s.slice(i))?.[0];
      if (t68) {
        let j = i + t68.length;
        while (j < s.length && (s[j] === ' ' || s[j] === '\t')) j++;
        if (j >= s.length || s[j] === ',') {
          challenge.token68 = t68;
          i = j;
          skipSeparators();
          continue;
        }
      }
    }
    // #auth-param, until a token that is not followed by "=" (the next challenge's scheme)
    for (;;) {
      skipSeparators();
      if (i >= s.length) break;
      const at = i;
      const name = readToken();
      if (!name) {
        skipElement();
        continue;
      }
      skipSpace();
      if (s[i] !== '=') {
        i = at; // the next challenge
        break;
      }
      i++;
      skipSpace();
      const value = s[i] === '"' ? readQuoted() : readToken();
      const key = name.toLowerCase();
      if (!(key in challenge.params)) challenge.params[key] = value;
      skipSpace();
      if (i < s.length && s[i] !== ',') skipElement();
    }
  }
  return challenges;
}

/**
 * The RFC 9470 step-up challenge of a `WWW-Authenticate` value: the first `Bearer` challenge whose `error` is
 * `insufficient_user_authentication`, else null. `acr_values` is split on spaces; `max_age` is read when it is a
 * non-negative integer (else left out).
 */
export function stepUpChallengeOf(header: string | null | undefined): StepUpChallenge | null {
  const bearer = parseWwwAuthenticate(header).find((c) => c.scheme === 'bearer' && c.params.error === INSUFFICIENT_USER_AUTHENTICATION);
  if (!bearer) return null;
  const p = bearer.params;
  const maxAge = p.max_age !== undefined && /^\d+$/.test(p.max_age.trim()) ? Number(p.max_age.trim()) : undefined;
  return {
    error: INSUFFICIENT_USER_AUTHENTICATION,
    ...(p.error_description !== undefined ? { errorDescription: p.error_description } : {}),
    acrValues: (p.acr_values ?? '').split(/\s+/).filter(Boolean),
    ...(maxAge !== undefined ? { maxAge } : {}),
    ...(p.realm !== undefined ? { realm: p.realm } : {}),
  };
}

/** A quoted-string of `value`: `"` and `\` escaped (RFC 9110 §5.6.4); control characters become spaces. */
export function quoteString(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The `WWW-Authenticate` value of an RFC 9470 step-up challenge: `Bearer error="insufficient_user_authentication"`,
 * then `error_description`, `acr_values` (space-separated, quoted) and `max_age` (an integer) when given.
 */
export function formatStepUpChallenge(challenge: Omit<StepUpChallenge, 'error'>): string {
  const parts = [`error=${quoteString(INSUFFICIENT_USER_AUTHENTICATION)}`];
  if (challenge.realm !== undefined) parts.unshift(`realm=${quoteString(challenge.realm)}`);
  if (challenge.errorDescription) parts.push(`error_description=${quoteString(challenge.errorDescription)}`);
  if (challenge.acrValues.length) parts.push(`acr_values=${quoteString(challenge.acrValues.join(' '))}`);
  if (challenge.maxAge !== undefined) parts.push(`max_age=${Math.max(0, Math.floor(challenge.maxAge))}`);
  return `Bearer ${parts.join(', ')}`;
}
